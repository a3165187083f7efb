export interface paths {
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Service status; with an admin token also tools, providers and the checklist */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/capabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the transcription forms can do on this server */
        get: operations["getCapabilities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/waitlist/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many people are on the waitlist */
        get: operations["getWaitlistCount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/waitlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Join the waitlist (a second signup of an address answers 200 alreadyExists) */
        post: operations["joinWaitlist"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange the admin password for a bearer token */
        post: operations["loginAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check that an admin token is still valid */
        get: operations["getAdminSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the session of an admin token */
        post: operations["logoutAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trends": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List trends (a page with ?limit and ?cursor, else up to 500) */
        get: operations["listTrends"];
        put?: never;
        /** Add a trend by its TikTok, Instagram or YouTube link (an existing one answers 200) */
        post: operations["createTrend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trends/{id}/process": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Analyse a trend again */
        post: operations["processTrend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/trends/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a trend you added */
        delete: operations["deleteTrend"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reaction-video/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a video link for transcription
         * @description Creates a pending transcription for the e-mail address and starts it: the platform's captions, else speech-to-text, else the signed external webhook. Example body: `{ "link": "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "source": "Youtube", "email": "dana@example.com" }`. Limited per client IP and per e-mail address (429 `rate_limited`). The results are read on the dashboard after e-mail code verification.
         */
        post: operations["submitVideo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content-results/request-access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * E-mail a 6-digit dashboard code
         * @description Sends a 6-digit code (10 minutes, single use) to the e-mail. Answers the same whether or not that e-mail has results.
         */
        post: operations["requestDashboardCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content-results/verify-access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a dashboard code and start the session cookie
         * @description A right code sets the httpOnly dashboard session cookie (`echo_dashboard`). Wrong: 400 `code_invalid`; expired: 400 `code_expired`; too many tries: 429 `code_locked`.
         */
        post: operations["verifyDashboardCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content-results/access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Transcription results of an e-mail address (full only for its signed-in owner) */
        post: operations["listAccessibleResults"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content-results/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in dashboard owner, if any */
        get: operations["getDashboardSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content-results/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out of the dashboard */
        post: operations["endDashboardSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/content-results/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete one of your transcription results */
        delete: operations["deleteContentResult"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where to send transcripts, and how to sign them
         * @description Answers the production webhook URL, the signature scheme and the accepted clock skew, so an external transcription service can be set up.
         */
        get: operations["getWebhookSetup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook/test/dry-run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a signed test delivery to the webhook
         * @description The server signs a sample delivery with its own secret and posts it to the webhook, then answers what the webhook said: a way to check the endpoint end to end without writing a client.
         */
        post: operations["runWebhookDryRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhook/transcription-complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver a finished transcript (Standard Webhooks signature)
         * @description Called by an external transcription service when a transcript is ready.
         *
         *     Body (JSON): `{ "videoUrl": "https://www.youtube.com/watch?v=...", "transcript": "Hello and welcome...", "contentResultId": "4f1c2d0e-7c1b-4b8e-9a53-1f2e3d4c5b6a" }`.
         *
         *     Signed as Standard Webhooks: headers `webhook-id` (unique per delivery), `webhook-timestamp` (Unix seconds, within 5 minutes) and `webhook-signature: v1,<base64 HMAC-SHA256>` over `{webhook-id}.{webhook-timestamp}.{raw body}` with the secret (`WEBHOOK_SECRET`, `whsec_` + base64 key).
         *
         *     Answers 200 `{ "message": "Transcription saved" }`; a replayed id answers 200 `Already processed`; a bad or stale signature 401 `signature_invalid`; an unknown result 404; a result already completed or failed 409.
         */
        post: operations["completeTranscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/affiliates/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply to the affiliate programme
         * @description Stores a pending application and e-mails a confirmation. A second application for the same address answers 409 `already_exists`.
         */
        post: operations["applyAsAffiliate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Affiliate sign-in: e-mail a code, then exchange it for a bearer token
         * @description Step 1, `{ email }`: e-mails a 6-digit code (valid 10 minutes) and answers `{ code_sent, message }`, the same for every address. Step 2, `{ email, code }`: answers `{ access_token }`, a Bearer token for `/api/me`. A wrong code is 400 `code_invalid`, an expired one 400 `code_expired`; after five wrong tries 429 `code_locked` (request a new code). Answers never tell whether an address has an account.
         */
        post: operations["loginAffiliate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End the session of an affiliate token
         * @description Ends the session of the Bearer token, if any.
         */
        post: operations["logoutAffiliate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in affiliate: profile, referral link and stats
         * @description Profile, referral link, commission tier (20%, or 30% from 20 active referrals) and stats in dollars.
         */
        get: operations["getAffiliateAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/payout-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Save payout settings */
        put: operations["updatePayoutSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/affiliates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All affiliates and applications, newest first */
        get: operations["listAffiliates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/affiliates/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Approve or reject a pending application
         * @description Approval creates the referral code and e-mails the affiliate; a decided application answers 409 `conflict`.
         */
        patch: operations["setAffiliateStatus"];
        trace?: never;
    };
    "/api/admin/conversions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All commissions, newest first */
        get: operations["listConversions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/conversions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set a commission status */
        patch: operations["setConversionStatus"];
        trace?: never;
    };
    "/api/admin/conversions/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Commissions as CSV */
        get: operations["exportConversions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Monthly payouts (due and paid) */
        get: operations["listPayouts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/payouts/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Due payouts as CSV */
        get: operations["exportDuePayouts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/payouts/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a payout was sent
         * @description Its commissions become paid and the affiliate is e-mailed; repeating it changes nothing.
         */
        post: operations["confirmPayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/stripe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stripe events that create or settle commissions (Stripe-Signature)
         * @description Signed with the `Stripe-Signature` header (STRIPE_WEBHOOK_SECRET; 401 `signature_invalid` otherwise). `invoice.paid` creates a commission for a referred customer, `charge.refunded` reduces or cancels it (after payout: a negative adjustment), `customer.subscription.deleted` ends the active referral. Each event id is handled once: a repeat answers `{ received: true, duplicate: true }`.
         */
        post: operations["receiveStripeEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All campaigns */
        get: operations["listCampaigns"];
        put?: never;
        /** Create a campaign */
        post: operations["createCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/campaigns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One campaign */
        get: operations["getCampaign"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a campaign */
        patch: operations["updateCampaign"];
        trace?: never;
    };
    "/api/campaigns/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The steps (messages) of a campaign */
        get: operations["listCampaignMessages"];
        put?: never;
        /** Add a step to a campaign */
        post: operations["createCampaignMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/campaigns/{id}/messages/{messageId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a step from a campaign */
        delete: operations["deleteCampaignMessage"];
        options?: never;
        head?: never;
        /** Change a step of a campaign */
        patch: operations["updateCampaignMessage"];
        trace?: never;
    };
    "/api/campaigns/{id}/test-sms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a campaign step's SMS to a test number */
        post: operations["sendTestSms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/campaigns/{id}/test-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a campaign step's e-mail to a test address */
        post: operations["sendTestEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/contacts/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import contacts (CSV text) and enrol them */
        post: operations["importContacts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Unsubscribe with an e-mail's link token */
        post: operations["unsubscribeContact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** One-click unsubscribe (RFC 8058) from the List-Unsubscribe link */
        post: operations["unsubscribeOneClick"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/twilio/inbound": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Inbound SMS from Twilio (STOP, START, replies; X-Twilio-Signature) */
        post: operations["receiveInboundSms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every e-mail and SMS sent or queued, newest first */
        get: operations["listOutboxMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/privacy/delete-data/request-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** E-mail a fresh code that confirms deleting your data */
        post: operations["requestDeletionCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/privacy/delete-data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete every record of yours */
        post: operations["deleteMyData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/privacy/data-use": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether your data is left out of aggregate use */
        get: operations["getDataUse"];
        /** Opt out of (or back into) aggregate use */
        put: operations["setDataUse"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/privacy/opt-outs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Owners every export must leave out */
        get: operations["listDataUseOptOuts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your notes, newest first, a page at a time */
        get: operations["listStudioNotes"];
        put?: never;
        /** Write a text note */
        post: operations["createStudioNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/notes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One note with its transcript and analysis */
        get: operations["getStudioNote"];
        put?: never;
        post?: never;
        /** Delete a note and its media */
        delete: operations["deleteStudioNote"];
        options?: never;
        head?: never;
        /** Edit a note's title or text */
        patch: operations["updateStudioNote"];
        trace?: never;
    };
    "/api/studio/notes/{id}/review": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Say a rough transcript looks right */
        post: operations["confirmStudioTranscript"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/notes/{id}/speakers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a speaker to a note, giving them a run of sentences (split a turn); in a solo note you become its first speaker */
        post: operations["createStudioSpeaker"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/notes/{id}/speakers/{speakerId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename a speaker, or say "this is me" */
        patch: operations["updateStudioSpeaker"];
        trace?: never;
    };
    "/api/studio/notes/{id}/speakers/assign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Say who said a sentence, or a run of sentences */
        post: operations["setStudioSentenceSpeaker"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/notes/{id}/speakers/{speakerId}/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Merge two speakers: this one's sentences become the other's */
        post: operations["joinStudioSpeakers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/notes/{id}/media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Play a note's media (one byte range at a time) */
        get: operations["getStudioNoteMedia"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** Size and type of a note's media */
        head: operations["headStudioNoteMedia"];
        patch?: never;
        trace?: never;
    };
    "/api/studio/ideas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ideas found across your notes */
        get: operations["listStudioIdeas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/voice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your voice profile */
        get: operations["getVoiceProfile"];
        /** Adjust your voice profile */
        put: operations["updateVoiceProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Storage used and the quota */
        get: operations["getStudioUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/notes/{id}/sentences/{sentenceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Correct the words of one sentence of a note's transcript (its times stay) */
        patch: operations["updateStudioSentence"];
        trace?: never;
    };
    "/api/studio/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search your notes */
        get: operations["searchStudioNotes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/ask": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask your notes a question */
        post: operations["askStudioNotes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/ask/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Keep an answer as a note, with where it was said */
        post: operations["createStudioNoteFromAnswer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import notes from a file (text, Markdown, subtitles, exports) */
        post: operations["importStudioNotes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a resumable upload (tus 1.0.0 creation) */
        post: operations["createStudioUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/uploads/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Cancel an upload (tus termination) */
        delete: operations["deleteStudioUpload"];
        options?: never;
        /** How many bytes of an upload are stored (tus Upload-Offset) */
        head: operations["getStudioUploadOffset"];
        /** Send the next bytes of an upload (tus) */
        patch: operations["appendStudioUpload"];
        trace?: never;
    };
    "/api/studio/recordings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a recording sent in chunks while it records */
        post: operations["startStudioRecording"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/recordings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A recording and the chunks stored so far */
        get: operations["getStudioRecording"];
        put?: never;
        post?: never;
        /** Discard an unfinished recording */
        delete: operations["discardStudioRecording"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/recordings/{id}/chunks/{n}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Store chunk n of a recording */
        put: operations["putStudioRecordingChunk"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/recordings/{id}/finish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Finish a recording; it becomes a note */
        post: operations["finishStudioRecording"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a conversation uploaded one file per speaker (each file then goes up by tus) */
        post: operations["createStudioConversation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/drafts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your drafts, newest first */
        get: operations["listStudioDrafts"];
        put?: never;
        /**
         * Create drafts (blog post, posts, thread...) from notes
         * @description Starts one generation per format (blog, linkedin, thread, carousel, clips) from the given notes and answers the drafts at once (status `waiting`); poll GET /drafts/{id}. `engine`: `auto` uses the configured language model when there is one, else the offline extractive engine.
         */
        post: operations["createStudioDrafts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/drafts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One draft with its blocks and their sources
         * @description A draft: its blocks, each with the source sentences it came from (`sources`, `available` false once the note is deleted) and whether they support it, and its voice-fidelity score with reasons.
         */
        get: operations["getStudioDraft"];
        /** Save your edits to a draft: texts, and blocks added, deleted or moved */
        put: operations["updateStudioDraft"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/drafts/{id}/regenerate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Write a draft (or one block) again */
        post: operations["regenerateStudioDraft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/drafts/{id}/facts/{fact_id}/put-back": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put a fact the draft left out back in
         * @description Puts a fact the draft left out (`meta.facts`, `kept: false`) back: its source sentence, as a draft writes it (numbers as figures), becomes a block citing it, after the blocks citing what came before it in the note (a sentence of a paragraph, a post, a slide). The draft as it was is kept as a version; the checklist and score are worked out again. 400 when the fact is already in the draft or its sentence is gone.
         */
        post: operations["putBackStudioDraftFact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/drafts/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Earlier versions of a draft, newest first
         * @description The earlier versions of a draft, newest first: the draft as it was before each save, regeneration or restore (the last 20 are kept).
         */
        get: operations["listStudioDraftVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/drafts/{id}/versions/{vid}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Bring an earlier version of a draft back
         * @description Brings an earlier version back as the draft; the draft as it was is kept as a version in turn.
         */
        post: operations["applyStudioDraftVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/drafts/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a draft as a file
         * @description The draft as a file: md, html or txt for every format, srt or vtt for clip hooks (every clip on the recording's clock; with clip=n, clip n alone from 0), zip (PNG slides) or pdf (a page per slide, for LinkedIn's document posts) for carousels.
         */
        get: operations["exportStudioDraft"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/studio/drafts/{id}/clips/{n}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download clip n of a clip-hooks draft
         * @description Clip `n` (from 1, in the draft’s order) of a clip-hooks draft, cut from its note’s recording with ffmpeg on request: `audio/mp4` (.m4a, AAC) for a voice note, `video/mp4` (H.264 and AAC, the clip’s captions burned in, at most 1280 px on the long side) for a video note. 404 when the draft is not yours, has no clip `n`, or its note or media is gone; 400 for a draft of another format or not ready yet; 503 when too many clips are being cut at once.
         */
        get: operations["getStudioDraftClip"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/publishing/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your connected accounts and the platforms this server offers */
        get: operations["listPublishAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/publishing/accounts/bluesky": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Connect a Bluesky account with its handle and an app password */
        post: operations["createBlueskyAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/publishing/oauth/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start connecting a Mastodon, X or LinkedIn account (the address to authorize Echo at) */
        post: operations["startPublishOauth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/publishing/oauth/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where the platform sends the browser back; redirects to the Studio with the outcome */
        get: operations["finishPublishOauth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/publishing/accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Disconnect an account (its token revoked where the platform allows; scheduled posts cancelled) */
        delete: operations["deletePublishAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/publishing/accounts/{id}/next-slot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's next free time slot */
        get: operations["getNextPublishSlot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/publishing/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What each account would get, counted with the platform's own limits */
        post: operations["getPublishPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/publishing/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your posts (a week of the calendar, or one draft's) */
        get: operations["listPublishPosts"];
        put?: never;
        /** Publish a ready draft now, in the next free slot, or at a time */
        post: operations["createPublishPosts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/publishing/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your published results, newest first, with counts per platform (the dashboard's 'My Voice' tab) */
        get: operations["listPublishedResults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/publishing/posts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Move a post that has not started to another time */
        patch: operations["updatePublishPost"];
        trace?: never;
    };
    "/api/publishing/posts/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a post that has not started */
        post: operations["discardPublishPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/publishing/slots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your weekly time slots */
        get: operations["listPublishSlots"];
        put?: never;
        /** Add a weekly time slot to an account (in your time zone) */
        post: operations["createPublishSlot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/publishing/slots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a time slot */
        delete: operations["deletePublishSlot"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @example {
         *       "code": "not_found",
         *       "message": "Not found"
         *     }
         */
        ApiError: {
            /** @enum {string} */
            code: "validation_failed" | "malformed_request" | "payload_too_large" | "unsupported_media_type" | "unauthorized" | "signature_invalid" | "forbidden" | "not_found" | "already_exists" | "conflict" | "code_invalid" | "code_expired" | "code_locked" | "rate_limited" | "quota_exceeded" | "unavailable" | "storage_unavailable" | "storage_refused" | "internal";
            message: string;
            issues?: {
                path: string;
                message: string;
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "degraded";
                        /** @enum {string} */
                        database: "up" | "down";
                        /** @enum {string} */
                        role: "all" | "web" | "worker";
                        message?: string;
                        tools?: {
                            ytdlp: {
                                version: string | null;
                                /** @enum {string} */
                                source: "path" | "managed";
                                problem?: string;
                            };
                            ffmpeg: {
                                version: string | null;
                                bundled?: boolean;
                                refused?: boolean;
                            };
                            pocketsphinx: {
                                version: string | null;
                                problem?: string;
                            };
                        };
                        providers?: {
                            smtp: {
                                configured: boolean;
                                lastSuccessAt: string | null;
                                lastFailureAt: string | null;
                                lastError: string | null;
                            };
                            twilio: {
                                configured: boolean;
                                lastSuccessAt: string | null;
                                lastFailureAt: string | null;
                                lastError: string | null;
                            };
                            stt: {
                                configured: boolean;
                                lastSuccessAt: string | null;
                                lastFailureAt: string | null;
                                lastError: string | null;
                            };
                            llm: {
                                configured: boolean;
                                lastSuccessAt: string | null;
                                lastFailureAt: string | null;
                                lastError: string | null;
                            };
                            stripe: {
                                configured: boolean;
                                lastSuccessAt: string | null;
                                lastFailureAt: string | null;
                                lastError: string | null;
                            };
                            webhook: {
                                configured: boolean;
                                lastSuccessAt: string | null;
                                lastFailureAt: string | null;
                                lastError: string | null;
                            };
                        };
                        checklist?: {
                            key: string;
                            label: string;
                            ok: boolean;
                            detail: string;
                        }[];
                        storage?: {
                            /** @enum {string} */
                            kind: "local" | "s3";
                            location: string;
                            reachable: boolean;
                            problem?: string;
                            operations?: {
                                operation: string;
                                /** @enum {string} */
                                outcome: "ok" | "refused" | "unanswered";
                                disables: string | null;
                            }[];
                        };
                        publishing?: {
                            /** @enum {string} */
                            platform: "linkedin" | "x" | "bluesky" | "mastodon";
                            available: boolean;
                            reason: string | null;
                            connected: number;
                            reconnect: number;
                            published: number;
                            failed: number;
                            waiting: number;
                            last_error: string | null;
                            last_error_at: string | null;
                            refresh_failed: number;
                            last_account_error: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description Success */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "degraded";
                        /** @enum {string} */
                        database: "up" | "down";
                        /** @enum {string} */
                        role: "all" | "web" | "worker";
                        message?: string;
                        tools?: {
                            ytdlp: {
                                version: string | null;
                                /** @enum {string} */
                                source: "path" | "managed";
                                problem?: string;
                            };
                            ffmpeg: {
                                version: string | null;
                                bundled?: boolean;
                                refused?: boolean;
                            };
                            pocketsphinx: {
                                version: string | null;
                                problem?: string;
                            };
                        };
                        providers?: {
                            smtp: {
                                configured: boolean;
                                lastSuccessAt: string | null;
                                lastFailureAt: string | null;
                                lastError: string | null;
                            };
                            twilio: {
                                configured: boolean;
                                lastSuccessAt: string | null;
                                lastFailureAt: string | null;
                                lastError: string | null;
                            };
                            stt: {
                                configured: boolean;
                                lastSuccessAt: string | null;
                                lastFailureAt: string | null;
                                lastError: string | null;
                            };
                            llm: {
                                configured: boolean;
                                lastSuccessAt: string | null;
                                lastFailureAt: string | null;
                                lastError: string | null;
                            };
                            stripe: {
                                configured: boolean;
                                lastSuccessAt: string | null;
                                lastFailureAt: string | null;
                                lastError: string | null;
                            };
                            webhook: {
                                configured: boolean;
                                lastSuccessAt: string | null;
                                lastFailureAt: string | null;
                                lastError: string | null;
                            };
                        };
                        checklist?: {
                            key: string;
                            label: string;
                            ok: boolean;
                            detail: string;
                        }[];
                        storage?: {
                            /** @enum {string} */
                            kind: "local" | "s3";
                            location: string;
                            reachable: boolean;
                            problem?: string;
                            operations?: {
                                operation: string;
                                /** @enum {string} */
                                outcome: "ok" | "refused" | "unanswered";
                                disables: string | null;
                            }[];
                        };
                        publishing?: {
                            /** @enum {string} */
                            platform: "linkedin" | "x" | "bluesky" | "mastodon";
                            available: boolean;
                            reason: string | null;
                            connected: number;
                            reconnect: number;
                            published: number;
                            failed: number;
                            waiting: number;
                            last_error: string | null;
                            last_error_at: string | null;
                            refresh_failed: number;
                            last_account_error: string | null;
                        }[];
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    getCapabilities: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        transcription: {
                            captionsOnly: boolean;
                        };
                        studio: {
                            /** @enum {string} */
                            engine: "server" | "pocketsphinx" | "none";
                            diarize: boolean;
                        };
                        drafts: {
                            llm: boolean;
                        };
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    getWaitlistCount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    joinWaitlist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Dana Reyes",
                 *       "email": "dana@example.com",
                 *       "role": "Creator",
                 *       "struggle": "Finding time"
                 *     }
                 */
                "application/json": {
                    name: string;
                    email: string;
                    /** @enum {string} */
                    role: "Creator" | "Founder" | "Service Provider" | "Other";
                    struggle?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        alreadyExists?: boolean;
                    };
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        alreadyExists?: boolean;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    loginAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        expiresAt: string;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    getAdminSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    logoutAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listTrends: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        trends: {
                            id: string;
                            source: string;
                            /** @enum {string} */
                            platform: "tiktok" | "instagram" | "youtube";
                            created_at: string;
                            /** @enum {string} */
                            status: "pending" | "processing" | "processed" | "failed";
                            skeleton: string | null;
                            twist_ideas: string[];
                            trending_data: {
                                sound_name: string | null;
                                audio_name: string | null;
                                use_audio_url: string | null;
                                original_video_url: string | null;
                                author_name: string | null;
                                author_username: string | null;
                                author_verified: boolean;
                                comment_count: number | null;
                            } | null;
                            metrics: {
                                view_count: number | null;
                                like_count: number | null;
                                share_count: number | null;
                                comment_count: number | null;
                                usage_count: number | null;
                                engagement_rate: number | null;
                            } | null;
                            format: string | null;
                            engine: ("llm" | "template") | null;
                            error: string | null;
                            can_delete: boolean;
                        }[];
                        total: number;
                        next_cursor: string | null;
                    } | {
                        id: string;
                        source: string;
                        /** @enum {string} */
                        platform: "tiktok" | "instagram" | "youtube";
                        created_at: string;
                        /** @enum {string} */
                        status: "pending" | "processing" | "processed" | "failed";
                        skeleton: string | null;
                        twist_ideas: string[];
                        trending_data: {
                            sound_name: string | null;
                            audio_name: string | null;
                            use_audio_url: string | null;
                            original_video_url: string | null;
                            author_name: string | null;
                            author_username: string | null;
                            author_verified: boolean;
                            comment_count: number | null;
                        } | null;
                        metrics: {
                            view_count: number | null;
                            like_count: number | null;
                            share_count: number | null;
                            comment_count: number | null;
                            usage_count: number | null;
                            engagement_rate: number | null;
                        } | null;
                        format: string | null;
                        engine: ("llm" | "template") | null;
                        error: string | null;
                        can_delete: boolean;
                    }[];
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    createTrend: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "source": "https://www.youtube.com/watch?v=dQw4w9WgXcQ"
                 *     }
                 */
                "application/json": {
                    source: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        source: string;
                        /** @enum {string} */
                        platform: "tiktok" | "instagram" | "youtube";
                        created_at: string;
                        /** @enum {string} */
                        status: "pending" | "processing" | "processed" | "failed";
                        skeleton: string | null;
                        twist_ideas: string[];
                        trending_data: {
                            sound_name: string | null;
                            audio_name: string | null;
                            use_audio_url: string | null;
                            original_video_url: string | null;
                            author_name: string | null;
                            author_username: string | null;
                            author_verified: boolean;
                            comment_count: number | null;
                        } | null;
                        metrics: {
                            view_count: number | null;
                            like_count: number | null;
                            share_count: number | null;
                            comment_count: number | null;
                            usage_count: number | null;
                            engagement_rate: number | null;
                        } | null;
                        format: string | null;
                        engine: ("llm" | "template") | null;
                        error: string | null;
                        can_delete: boolean;
                    };
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        source: string;
                        /** @enum {string} */
                        platform: "tiktok" | "instagram" | "youtube";
                        created_at: string;
                        /** @enum {string} */
                        status: "pending" | "processing" | "processed" | "failed";
                        skeleton: string | null;
                        twist_ideas: string[];
                        trending_data: {
                            sound_name: string | null;
                            audio_name: string | null;
                            use_audio_url: string | null;
                            original_video_url: string | null;
                            author_name: string | null;
                            author_username: string | null;
                            author_verified: boolean;
                            comment_count: number | null;
                        } | null;
                        metrics: {
                            view_count: number | null;
                            like_count: number | null;
                            share_count: number | null;
                            comment_count: number | null;
                            usage_count: number | null;
                            engagement_rate: number | null;
                        } | null;
                        format: string | null;
                        engine: ("llm" | "template") | null;
                        error: string | null;
                        can_delete: boolean;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    processTrend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        source: string;
                        /** @enum {string} */
                        platform: "tiktok" | "instagram" | "youtube";
                        created_at: string;
                        /** @enum {string} */
                        status: "pending" | "processing" | "processed" | "failed";
                        skeleton: string | null;
                        twist_ideas: string[];
                        trending_data: {
                            sound_name: string | null;
                            audio_name: string | null;
                            use_audio_url: string | null;
                            original_video_url: string | null;
                            author_name: string | null;
                            author_username: string | null;
                            author_verified: boolean;
                            comment_count: number | null;
                        } | null;
                        metrics: {
                            view_count: number | null;
                            like_count: number | null;
                            share_count: number | null;
                            comment_count: number | null;
                            usage_count: number | null;
                            engagement_rate: number | null;
                        } | null;
                        format: string | null;
                        engine: ("llm" | "template") | null;
                        error: string | null;
                        can_delete: boolean;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    deleteTrend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `forbidden` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "forbidden",
                     *       "message": "Only the person who added this trend can delete it"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "forbidden";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    submitVideo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "link": "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
                 *       "source": "Youtube",
                 *       "email": "dana@example.com"
                 *     }
                 */
                "application/json": {
                    link: string;
                    /** @enum {string} */
                    source: "Youtube" | "Instagram" | "Tiktok" | "Facebook";
                    email: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        id: string;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    requestDashboardCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    /**
                     * @description The page the code is for (its e-mail names it): `dashboard` (the default) or `studio`.
                     * @enum {string}
                     */
                    from?: "dashboard" | "studio";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    verifyDashboardCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    code: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request`, `code_invalid`, `code_expired` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request" | "code_invalid" | "code_expired";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `code_locked`, `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "code_locked",
                     *       "message": "Too many wrong codes; request a new one"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "code_locked" | "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listAccessibleResults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            id: string;
                            /** @enum {string} */
                            product_type: "transcription" | "trend_analysis" | "echo_core";
                            /** @enum {string} */
                            status: "pending" | "processing" | "completed" | "failed";
                            source_url: string;
                            source_platform: string | null;
                            user_email: string;
                            created_at: string;
                            result_data: {
                                transcription?: string;
                                videoUrl?: string;
                                summary?: string;
                                trending_audio?: {
                                    name?: string;
                                    url?: string;
                                };
                                error?: string;
                                method?: string;
                                title?: string;
                                written_at?: string;
                            };
                        }[];
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    getDashboardSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string | null;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    endDashboardSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    deleteContentResult: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    getWebhookSetup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        webhookUrl: string;
                        signature: string;
                        toleranceSeconds: number;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    runWebhookDryRun: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        checks: {
                            name: string;
                            passed: boolean;
                            detail: string;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    completeTranscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `signature_invalid` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "signature_invalid",
                     *       "message": "Invalid signature"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "signature_invalid";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `conflict` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "conflict",
                     *       "message": "This recording is finished."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "conflict";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    applyAsAffiliate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    display_name: string;
                    email: string;
                    company_name?: string | null;
                    website?: string | null;
                    social_media?: string | null;
                    audience_size?: string | null;
                    content_type?: string | null;
                    promotion_strategy: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `already_exists` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "already_exists",
                     *       "message": "An application with this email already exists"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "already_exists";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    loginAffiliate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "dana@example.com",
                 *       "code": "123456"
                 *     }
                 */
                "application/json": {
                    email: string;
                    code?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        access_token: string;
                    } | {
                        /** @enum {boolean} */
                        code_sent: true;
                        message: string;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request`, `code_invalid`, `code_expired` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request" | "code_invalid" | "code_expired";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `code_locked`, `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "code_locked",
                     *       "message": "Too many wrong codes; request a new one"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "code_locked" | "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    logoutAffiliate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    getAffiliateAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        affiliate: {
                            id: number;
                            display_name: string;
                            email: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected";
                            referral_code: string | null;
                            referral_link: string | null;
                            payout_method: string | null;
                            payout_details: string | null;
                            commission_rate: number;
                            active_referrals: number;
                        };
                        stats: {
                            total_clicks: number;
                            total_conversions: number;
                            pending_commissions: number;
                            paid_commissions: number;
                        };
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    updatePayoutSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    payout_method: "stripe" | "paypal" | "wise";
                    payout_details: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        affiliate: {
                            id: number;
                            display_name: string;
                            email: string;
                            /** @enum {string} */
                            status: "pending" | "approved" | "rejected";
                            referral_code: string | null;
                            referral_link: string | null;
                            payout_method: string | null;
                            payout_details: string | null;
                            commission_rate: number;
                            active_referrals: number;
                        };
                        stats: {
                            total_clicks: number;
                            total_conversions: number;
                            pending_commissions: number;
                            paid_commissions: number;
                        };
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listAffiliates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        display_name: string;
                        email: string;
                        company_name: string | null;
                        website: string | null;
                        social_media: string | null;
                        audience_size: string | null;
                        content_type: string | null;
                        audience_description: string | null;
                        payout_method: string | null;
                        payout_details: string | null;
                        rewardful_link: string | null;
                        referral_code: string | null;
                        /** @enum {string} */
                        status: "pending" | "approved" | "rejected";
                        created_at: string;
                    }[];
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    setAffiliateStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "approved" | "rejected";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        display_name: string;
                        email: string;
                        company_name: string | null;
                        website: string | null;
                        social_media: string | null;
                        audience_size: string | null;
                        content_type: string | null;
                        audience_description: string | null;
                        payout_method: string | null;
                        payout_details: string | null;
                        rewardful_link: string | null;
                        referral_code: string | null;
                        /** @enum {string} */
                        status: "pending" | "approved" | "rejected";
                        created_at: string;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `conflict` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "conflict",
                     *       "message": "This recording is finished."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listConversions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        created_at: string;
                        affiliates: {
                            display_name: string;
                            referral_code: string | null;
                        };
                        customer_email: string;
                        conversion_type: string;
                        order_value: number;
                        commission_amount: number;
                        commission_rate: number;
                        /** @enum {string} */
                        status: "pending" | "approved" | "paid" | "cancelled";
                    }[];
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    setConversionStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "pending" | "approved" | "paid" | "cancelled";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @enum {string} */
                        status: "pending" | "approved" | "paid" | "cancelled";
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    exportConversions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV file (RFC 4180) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listPayouts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        affiliate_id: number;
                        display_name: string;
                        email: string;
                        payout_method: string | null;
                        payout_details: string | null;
                        period: string;
                        amount: number;
                        /** @enum {string} */
                        status: "due" | "paid";
                        created_at: string;
                    }[];
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    exportDuePayouts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV file (RFC 4180) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    confirmPayout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    receiveStripeEvent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        received: true;
                        duplicate: boolean;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `signature_invalid` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "signature_invalid",
                     *       "message": "Invalid signature"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "signature_invalid";
                    };
                };
            };
            /** @description `unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unavailable",
                     *       "message": "Service temporarily unavailable. Please try again shortly."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unavailable";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listCampaigns: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        description: string;
                        /** @enum {string} */
                        trigger_type: "time_based" | "signup";
                        /** @enum {string} */
                        status: "draft" | "active" | "paused" | "archived";
                        pauseOnResponse: boolean;
                        shareWithEveryone: boolean;
                        created_at: string;
                        step_count: number;
                        enrolled_count: number;
                    }[];
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    createCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default  */
                    description?: string;
                    /**
                     * @default time_based
                     * @enum {string}
                     */
                    trigger_type?: "time_based" | "signup";
                    /**
                     * @default draft
                     * @enum {string}
                     */
                    status?: "draft" | "active" | "paused" | "archived";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        description: string;
                        /** @enum {string} */
                        trigger_type: "time_based" | "signup";
                        /** @enum {string} */
                        status: "draft" | "active" | "paused" | "archived";
                        pauseOnResponse: boolean;
                        shareWithEveryone: boolean;
                        created_at: string;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    getCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        description: string;
                        /** @enum {string} */
                        trigger_type: "time_based" | "signup";
                        /** @enum {string} */
                        status: "draft" | "active" | "paused" | "archived";
                        pauseOnResponse: boolean;
                        shareWithEveryone: boolean;
                        created_at: string;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    updateCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                    pauseOnResponse?: boolean;
                    shareWithEveryone?: boolean;
                    /** @enum {string} */
                    status?: "draft" | "active" | "paused" | "archived";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        description: string;
                        /** @enum {string} */
                        trigger_type: "time_based" | "signup";
                        /** @enum {string} */
                        status: "draft" | "active" | "paused" | "archived";
                        pauseOnResponse: boolean;
                        shareWithEveryone: boolean;
                        created_at: string;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listCampaignMessages: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        campaign_id: number;
                        sequence_number: number;
                        delay_days: number;
                        /** @enum {string} */
                        message_type: "email" | "sms";
                        subject: string | null;
                        html_content: string | null;
                        text_content: string;
                    }[];
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    createCampaignMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sequence_number?: number;
                    delay_days: number;
                    /** @enum {string} */
                    message_type: "email" | "sms";
                    subject?: string | null;
                    html_content?: string | null;
                    text_content: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        campaign_id: number;
                        sequence_number: number;
                        delay_days: number;
                        /** @enum {string} */
                        message_type: "email" | "sms";
                        subject: string | null;
                        html_content: string | null;
                        text_content: string;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    deleteCampaignMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                messageId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    updateCampaignMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                messageId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sequence_number?: number;
                    delay_days: number;
                    /** @enum {string} */
                    message_type: "email" | "sms";
                    subject?: string | null;
                    html_content?: string | null;
                    text_content: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        campaign_id: number;
                        sequence_number: number;
                        delay_days: number;
                        /** @enum {string} */
                        message_type: "email" | "sms";
                        subject: string | null;
                        html_content: string | null;
                        text_content: string;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    sendTestSms: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    phone: string;
                    message?: string;
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        outboxId: number;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    sendTestEmail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        outboxId: number;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    importContacts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    csv: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        imported: number;
                        updated: number;
                        skipped: {
                            line: number;
                            reason: string;
                        }[];
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    unsubscribeContact: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    unsubscribeOneClick: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    receiveInboundSms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Empty TwiML response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/xml": string;
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `signature_invalid` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "signature_invalid",
                     *       "message": "Invalid signature"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "signature_invalid";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listOutboxMessages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @enum {string} */
                        channel: "email" | "sms";
                        kind: string;
                        recipient: string;
                        subject: string | null;
                        status: string;
                        error: string | null;
                        created_at: string;
                        sent_at: string | null;
                    }[];
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    requestDeletionCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    deleteMyData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        deleted: {
                            results: number;
                            trends: number;
                            media_files: number;
                            media_pending: number;
                        };
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request`, `code_invalid`, `code_expired` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request" | "code_invalid" | "code_expired";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `code_locked`, `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "code_locked",
                     *       "message": "Too many wrong codes; request a new one"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "code_locked" | "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    getDataUse: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        optedOut: boolean;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    setDataUse: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    optedOut: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        optedOut: boolean;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listDataUseOptOuts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        emails: string[];
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listStudioNotes: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                kind?: "voice" | "video" | "text" | "post";
                status?: "uploading" | "transcribing" | "needs_stt" | "ready" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notes: {
                            id: string;
                            /** @enum {string} */
                            kind: "voice" | "video" | "text" | "post";
                            /** @enum {string} */
                            register: "spoken" | "written";
                            /** @enum {string} */
                            status: "uploading" | "transcribing" | "needs_stt" | "ready" | "failed";
                            status_message: string | null;
                            title: string;
                            excerpt: string;
                            word_count: number;
                            duration_ms: number | null;
                            media_bytes: number;
                            has_media: boolean;
                            source_url: string | null;
                            transcript_engine: ("server" | "pocketsphinx" | "browser") | null;
                            transcript_on_device?: boolean;
                            conversation: {
                                speakers: number;
                                me_answered: boolean;
                            } | null;
                            needs_review?: boolean;
                            words_changed_at?: string | null;
                            created_at: string;
                            updated_at: string;
                        }[];
                        next_cursor: string | null;
                        total: number;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    createStudioNote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Why I record on walks",
                 *       "text": "I think better when I walk..."
                 *     }
                 */
                "application/json": {
                    text: string;
                    title?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        kind: "voice" | "video" | "text" | "post";
                        /** @enum {string} */
                        register: "spoken" | "written";
                        /** @enum {string} */
                        status: "uploading" | "transcribing" | "needs_stt" | "ready" | "failed";
                        status_message: string | null;
                        title: string;
                        excerpt: string;
                        word_count: number;
                        duration_ms: number | null;
                        media_bytes: number;
                        has_media: boolean;
                        source_url: string | null;
                        transcript_engine: ("server" | "pocketsphinx" | "browser") | null;
                        transcript_on_device?: boolean;
                        conversation: {
                            speakers: number;
                            me_answered: boolean;
                        } | null;
                        needs_review?: boolean;
                        words_changed_at?: string | null;
                        created_at: string;
                        updated_at: string;
                        text: string;
                        sentences: {
                            id: string;
                            text: string;
                            start_char: number;
                            end_char: number;
                            start_ms?: number | null;
                            end_ms?: number | null;
                            filler: boolean;
                            fillers: {
                                start: number;
                                end: number;
                            }[];
                            speaker_id?: string | null;
                        }[];
                        speakers: {
                            id: string;
                            label: string;
                            name: string;
                            me: boolean;
                        }[];
                        key_phrases: string[];
                        media_url: string | null;
                        media_mime: string | null;
                        tracks: {
                            id: string;
                            label: string;
                            /** @enum {string} */
                            status: "uploading" | "transcribing" | "ready" | "failed";
                            message: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    getStudioNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        kind: "voice" | "video" | "text" | "post";
                        /** @enum {string} */
                        register: "spoken" | "written";
                        /** @enum {string} */
                        status: "uploading" | "transcribing" | "needs_stt" | "ready" | "failed";
                        status_message: string | null;
                        title: string;
                        excerpt: string;
                        word_count: number;
                        duration_ms: number | null;
                        media_bytes: number;
                        has_media: boolean;
                        source_url: string | null;
                        transcript_engine: ("server" | "pocketsphinx" | "browser") | null;
                        transcript_on_device?: boolean;
                        conversation: {
                            speakers: number;
                            me_answered: boolean;
                        } | null;
                        needs_review?: boolean;
                        words_changed_at?: string | null;
                        created_at: string;
                        updated_at: string;
                        text: string;
                        sentences: {
                            id: string;
                            text: string;
                            start_char: number;
                            end_char: number;
                            start_ms?: number | null;
                            end_ms?: number | null;
                            filler: boolean;
                            fillers: {
                                start: number;
                                end: number;
                            }[];
                            speaker_id?: string | null;
                        }[];
                        speakers: {
                            id: string;
                            label: string;
                            name: string;
                            me: boolean;
                        }[];
                        key_phrases: string[];
                        media_url: string | null;
                        media_mime: string | null;
                        tracks: {
                            id: string;
                            label: string;
                            /** @enum {string} */
                            status: "uploading" | "transcribing" | "ready" | "failed";
                            message: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    deleteStudioNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    updateStudioNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    text?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        kind: "voice" | "video" | "text" | "post";
                        /** @enum {string} */
                        register: "spoken" | "written";
                        /** @enum {string} */
                        status: "uploading" | "transcribing" | "needs_stt" | "ready" | "failed";
                        status_message: string | null;
                        title: string;
                        excerpt: string;
                        word_count: number;
                        duration_ms: number | null;
                        media_bytes: number;
                        has_media: boolean;
                        source_url: string | null;
                        transcript_engine: ("server" | "pocketsphinx" | "browser") | null;
                        transcript_on_device?: boolean;
                        conversation: {
                            speakers: number;
                            me_answered: boolean;
                        } | null;
                        needs_review?: boolean;
                        words_changed_at?: string | null;
                        created_at: string;
                        updated_at: string;
                        text: string;
                        sentences: {
                            id: string;
                            text: string;
                            start_char: number;
                            end_char: number;
                            start_ms?: number | null;
                            end_ms?: number | null;
                            filler: boolean;
                            fillers: {
                                start: number;
                                end: number;
                            }[];
                            speaker_id?: string | null;
                        }[];
                        speakers: {
                            id: string;
                            label: string;
                            name: string;
                            me: boolean;
                        }[];
                        key_phrases: string[];
                        media_url: string | null;
                        media_mime: string | null;
                        tracks: {
                            id: string;
                            label: string;
                            /** @enum {string} */
                            status: "uploading" | "transcribing" | "ready" | "failed";
                            message: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `conflict` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "conflict",
                     *       "message": "This recording is finished."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    confirmStudioTranscript: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        kind: "voice" | "video" | "text" | "post";
                        /** @enum {string} */
                        register: "spoken" | "written";
                        /** @enum {string} */
                        status: "uploading" | "transcribing" | "needs_stt" | "ready" | "failed";
                        status_message: string | null;
                        title: string;
                        excerpt: string;
                        word_count: number;
                        duration_ms: number | null;
                        media_bytes: number;
                        has_media: boolean;
                        source_url: string | null;
                        transcript_engine: ("server" | "pocketsphinx" | "browser") | null;
                        transcript_on_device?: boolean;
                        conversation: {
                            speakers: number;
                            me_answered: boolean;
                        } | null;
                        needs_review?: boolean;
                        words_changed_at?: string | null;
                        created_at: string;
                        updated_at: string;
                        text: string;
                        sentences: {
                            id: string;
                            text: string;
                            start_char: number;
                            end_char: number;
                            start_ms?: number | null;
                            end_ms?: number | null;
                            filler: boolean;
                            fillers: {
                                start: number;
                                end: number;
                            }[];
                            speaker_id?: string | null;
                        }[];
                        speakers: {
                            id: string;
                            label: string;
                            name: string;
                            me: boolean;
                        }[];
                        key_phrases: string[];
                        media_url: string | null;
                        media_mime: string | null;
                        tracks: {
                            id: string;
                            label: string;
                            /** @enum {string} */
                            status: "uploading" | "transcribing" | "ready" | "failed";
                            message: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `conflict` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "conflict",
                     *       "message": "This recording is finished."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    createStudioSpeaker: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Priya",
                 *       "from": "00000000-0000-4000-8000-000000000000"
                 *     }
                 */
                "application/json": {
                    name: string;
                    /** Format: uuid */
                    from?: string;
                    /** Format: uuid */
                    to?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        kind: "voice" | "video" | "text" | "post";
                        /** @enum {string} */
                        register: "spoken" | "written";
                        /** @enum {string} */
                        status: "uploading" | "transcribing" | "needs_stt" | "ready" | "failed";
                        status_message: string | null;
                        title: string;
                        excerpt: string;
                        word_count: number;
                        duration_ms: number | null;
                        media_bytes: number;
                        has_media: boolean;
                        source_url: string | null;
                        transcript_engine: ("server" | "pocketsphinx" | "browser") | null;
                        transcript_on_device?: boolean;
                        conversation: {
                            speakers: number;
                            me_answered: boolean;
                        } | null;
                        needs_review?: boolean;
                        words_changed_at?: string | null;
                        created_at: string;
                        updated_at: string;
                        text: string;
                        sentences: {
                            id: string;
                            text: string;
                            start_char: number;
                            end_char: number;
                            start_ms?: number | null;
                            end_ms?: number | null;
                            filler: boolean;
                            fillers: {
                                start: number;
                                end: number;
                            }[];
                            speaker_id?: string | null;
                        }[];
                        speakers: {
                            id: string;
                            label: string;
                            name: string;
                            me: boolean;
                        }[];
                        key_phrases: string[];
                        media_url: string | null;
                        media_mime: string | null;
                        tracks: {
                            id: string;
                            label: string;
                            /** @enum {string} */
                            status: "uploading" | "transcribing" | "ready" | "failed";
                            message: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `conflict` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "conflict",
                     *       "message": "This recording is finished."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    updateStudioSpeaker: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                speakerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Sam",
                 *       "me": true
                 *     }
                 */
                "application/json": {
                    name?: string;
                    /** @enum {boolean} */
                    me?: true;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        kind: "voice" | "video" | "text" | "post";
                        /** @enum {string} */
                        register: "spoken" | "written";
                        /** @enum {string} */
                        status: "uploading" | "transcribing" | "needs_stt" | "ready" | "failed";
                        status_message: string | null;
                        title: string;
                        excerpt: string;
                        word_count: number;
                        duration_ms: number | null;
                        media_bytes: number;
                        has_media: boolean;
                        source_url: string | null;
                        transcript_engine: ("server" | "pocketsphinx" | "browser") | null;
                        transcript_on_device?: boolean;
                        conversation: {
                            speakers: number;
                            me_answered: boolean;
                        } | null;
                        needs_review?: boolean;
                        words_changed_at?: string | null;
                        created_at: string;
                        updated_at: string;
                        text: string;
                        sentences: {
                            id: string;
                            text: string;
                            start_char: number;
                            end_char: number;
                            start_ms?: number | null;
                            end_ms?: number | null;
                            filler: boolean;
                            fillers: {
                                start: number;
                                end: number;
                            }[];
                            speaker_id?: string | null;
                        }[];
                        speakers: {
                            id: string;
                            label: string;
                            name: string;
                            me: boolean;
                        }[];
                        key_phrases: string[];
                        media_url: string | null;
                        media_mime: string | null;
                        tracks: {
                            id: string;
                            label: string;
                            /** @enum {string} */
                            status: "uploading" | "transcribing" | "ready" | "failed";
                            message: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `conflict` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "conflict",
                     *       "message": "This recording is finished."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    setStudioSentenceSpeaker: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    speaker_id: string;
                    /** Format: uuid */
                    from: string;
                    /** Format: uuid */
                    to?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        kind: "voice" | "video" | "text" | "post";
                        /** @enum {string} */
                        register: "spoken" | "written";
                        /** @enum {string} */
                        status: "uploading" | "transcribing" | "needs_stt" | "ready" | "failed";
                        status_message: string | null;
                        title: string;
                        excerpt: string;
                        word_count: number;
                        duration_ms: number | null;
                        media_bytes: number;
                        has_media: boolean;
                        source_url: string | null;
                        transcript_engine: ("server" | "pocketsphinx" | "browser") | null;
                        transcript_on_device?: boolean;
                        conversation: {
                            speakers: number;
                            me_answered: boolean;
                        } | null;
                        needs_review?: boolean;
                        words_changed_at?: string | null;
                        created_at: string;
                        updated_at: string;
                        text: string;
                        sentences: {
                            id: string;
                            text: string;
                            start_char: number;
                            end_char: number;
                            start_ms?: number | null;
                            end_ms?: number | null;
                            filler: boolean;
                            fillers: {
                                start: number;
                                end: number;
                            }[];
                            speaker_id?: string | null;
                        }[];
                        speakers: {
                            id: string;
                            label: string;
                            name: string;
                            me: boolean;
                        }[];
                        key_phrases: string[];
                        media_url: string | null;
                        media_mime: string | null;
                        tracks: {
                            id: string;
                            label: string;
                            /** @enum {string} */
                            status: "uploading" | "transcribing" | "ready" | "failed";
                            message: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `conflict` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "conflict",
                     *       "message": "This recording is finished."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    joinStudioSpeakers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                speakerId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    into: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        kind: "voice" | "video" | "text" | "post";
                        /** @enum {string} */
                        register: "spoken" | "written";
                        /** @enum {string} */
                        status: "uploading" | "transcribing" | "needs_stt" | "ready" | "failed";
                        status_message: string | null;
                        title: string;
                        excerpt: string;
                        word_count: number;
                        duration_ms: number | null;
                        media_bytes: number;
                        has_media: boolean;
                        source_url: string | null;
                        transcript_engine: ("server" | "pocketsphinx" | "browser") | null;
                        transcript_on_device?: boolean;
                        conversation: {
                            speakers: number;
                            me_answered: boolean;
                        } | null;
                        needs_review?: boolean;
                        words_changed_at?: string | null;
                        created_at: string;
                        updated_at: string;
                        text: string;
                        sentences: {
                            id: string;
                            text: string;
                            start_char: number;
                            end_char: number;
                            start_ms?: number | null;
                            end_ms?: number | null;
                            filler: boolean;
                            fillers: {
                                start: number;
                                end: number;
                            }[];
                            speaker_id?: string | null;
                        }[];
                        speakers: {
                            id: string;
                            label: string;
                            name: string;
                            me: boolean;
                        }[];
                        key_phrases: string[];
                        media_url: string | null;
                        media_mime: string | null;
                        tracks: {
                            id: string;
                            label: string;
                            /** @enum {string} */
                            status: "uploading" | "transcribing" | "ready" | "failed";
                            message: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `conflict` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "conflict",
                     *       "message": "This recording is finished."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    getStudioNoteMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The note's media file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description One byte range of the media (Range: bytes=start-end) */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description The range lies outside the file (Content-Range: bytes *\/size); no body */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `storage_refused` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "storage_refused",
                     *       "message": "The media store refused an operation this needs, so it could not be done. Nothing you already sent is lost; the operator can see why on the system page."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "storage_refused";
                    };
                };
            };
            /** @description `storage_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "storage_unavailable",
                     *       "message": "The media store is not answering right now, so recordings and uploads cannot be stored. Nothing you already sent is lost: try again in a minute."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "storage_unavailable";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    headStudioNoteMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The note's media file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description One byte range of the media (Range: bytes=start-end) */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The range lies outside the file (Content-Range: bytes *\/size); no body */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `storage_refused` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `storage_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listStudioIdeas: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ideas: {
                            id: string;
                            label: string;
                            phrases: string[];
                            note_count: number;
                            notes: {
                                id: string;
                                title: string;
                                created_at: string;
                            }[];
                            score: number;
                        }[];
                        based_on_notes: number;
                        message: string | null;
                        note_topics: {
                            note_id: string;
                            label: string;
                            topics: string[];
                        } | null;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    getVoiceProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        based_on: {
                            notes: number;
                            words: number;
                        };
                        summary: string;
                        spoken: {
                            notes: number;
                            words: number;
                            sentences: number;
                            sentence_length: {
                                mean: number;
                                median: number;
                                bins: number[];
                                histogram: number[];
                                typical: number[];
                            };
                            words_per_paragraph: number;
                            function_words: {
                                [key: string]: number;
                            };
                            signature_phrases: {
                                phrase: string;
                                count: number;
                                notes: number;
                                ratio: number;
                            }[];
                            habits: {
                                openers: {
                                    text: string;
                                    share: number;
                                }[];
                                closers: {
                                    text: string;
                                    share: number;
                                }[];
                                question_rate: number;
                                exclamation_rate: number;
                                emoji_per_100_words: number;
                                hashtags_per_100_words: number;
                                first_person_rate: number;
                                readability_grade: number;
                            };
                            buzzwords: {
                                [key: string]: number;
                            };
                        } | null;
                        written: {
                            notes: number;
                            words: number;
                            sentences: number;
                            sentence_length: {
                                mean: number;
                                median: number;
                                bins: number[];
                                histogram: number[];
                                typical: number[];
                            };
                            words_per_paragraph: number;
                            function_words: {
                                [key: string]: number;
                            };
                            signature_phrases: {
                                phrase: string;
                                count: number;
                                notes: number;
                                ratio: number;
                            }[];
                            habits: {
                                openers: {
                                    text: string;
                                    share: number;
                                }[];
                                closers: {
                                    text: string;
                                    share: number;
                                }[];
                                question_rate: number;
                                exclamation_rate: number;
                                emoji_per_100_words: number;
                                hashtags_per_100_words: number;
                                first_person_rate: number;
                                readability_grade: number;
                            };
                            buzzwords: {
                                [key: string]: number;
                            };
                        } | null;
                        pins: string[];
                        bans: string[];
                        learn_from_edits: boolean;
                        byline: string | null;
                        updated_at: string | null;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    updateVoiceProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    pins?: string[];
                    bans?: string[];
                    learn_from_edits?: boolean;
                    byline?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        based_on: {
                            notes: number;
                            words: number;
                        };
                        summary: string;
                        spoken: {
                            notes: number;
                            words: number;
                            sentences: number;
                            sentence_length: {
                                mean: number;
                                median: number;
                                bins: number[];
                                histogram: number[];
                                typical: number[];
                            };
                            words_per_paragraph: number;
                            function_words: {
                                [key: string]: number;
                            };
                            signature_phrases: {
                                phrase: string;
                                count: number;
                                notes: number;
                                ratio: number;
                            }[];
                            habits: {
                                openers: {
                                    text: string;
                                    share: number;
                                }[];
                                closers: {
                                    text: string;
                                    share: number;
                                }[];
                                question_rate: number;
                                exclamation_rate: number;
                                emoji_per_100_words: number;
                                hashtags_per_100_words: number;
                                first_person_rate: number;
                                readability_grade: number;
                            };
                            buzzwords: {
                                [key: string]: number;
                            };
                        } | null;
                        written: {
                            notes: number;
                            words: number;
                            sentences: number;
                            sentence_length: {
                                mean: number;
                                median: number;
                                bins: number[];
                                histogram: number[];
                                typical: number[];
                            };
                            words_per_paragraph: number;
                            function_words: {
                                [key: string]: number;
                            };
                            signature_phrases: {
                                phrase: string;
                                count: number;
                                notes: number;
                                ratio: number;
                            }[];
                            habits: {
                                openers: {
                                    text: string;
                                    share: number;
                                }[];
                                closers: {
                                    text: string;
                                    share: number;
                                }[];
                                question_rate: number;
                                exclamation_rate: number;
                                emoji_per_100_words: number;
                                hashtags_per_100_words: number;
                                first_person_rate: number;
                                readability_grade: number;
                            };
                            buzzwords: {
                                [key: string]: number;
                            };
                        } | null;
                        pins: string[];
                        bans: string[];
                        learn_from_edits: boolean;
                        byline: string | null;
                        updated_at: string | null;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    getStudioUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        used_bytes: number;
                        quota_bytes: number;
                        notes: number;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    updateStudioSentence: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                sentenceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "text": "We raised our prices and nobody left."
                 *     }
                 */
                "application/json": {
                    text: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        kind: "voice" | "video" | "text" | "post";
                        /** @enum {string} */
                        register: "spoken" | "written";
                        /** @enum {string} */
                        status: "uploading" | "transcribing" | "needs_stt" | "ready" | "failed";
                        status_message: string | null;
                        title: string;
                        excerpt: string;
                        word_count: number;
                        duration_ms: number | null;
                        media_bytes: number;
                        has_media: boolean;
                        source_url: string | null;
                        transcript_engine: ("server" | "pocketsphinx" | "browser") | null;
                        transcript_on_device?: boolean;
                        conversation: {
                            speakers: number;
                            me_answered: boolean;
                        } | null;
                        needs_review?: boolean;
                        words_changed_at?: string | null;
                        created_at: string;
                        updated_at: string;
                        text: string;
                        sentences: {
                            id: string;
                            text: string;
                            start_char: number;
                            end_char: number;
                            start_ms?: number | null;
                            end_ms?: number | null;
                            filler: boolean;
                            fillers: {
                                start: number;
                                end: number;
                            }[];
                            speaker_id?: string | null;
                        }[];
                        speakers: {
                            id: string;
                            label: string;
                            name: string;
                            me: boolean;
                        }[];
                        key_phrases: string[];
                        media_url: string | null;
                        media_mime: string | null;
                        tracks: {
                            id: string;
                            label: string;
                            /** @enum {string} */
                            status: "uploading" | "transcribing" | "ready" | "failed";
                            message: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `conflict` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "conflict",
                     *       "message": "This recording is finished."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    searchStudioNotes: {
        parameters: {
            query: {
                q: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        query: string;
                        hits: {
                            note_id: string;
                            note_title: string;
                            /** @enum {string} */
                            note_kind: "voice" | "video" | "text" | "post";
                            sentence_id: string | null;
                            start_ms: number | null;
                            snippet: string;
                            highlights: {
                                start: number;
                                end: number;
                            }[];
                            rank: number;
                            /** @enum {string} */
                            match: "fulltext" | "similar";
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    askStudioNotes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    question: string;
                    /**
                     * @default auto
                     * @enum {string}
                     */
                    engine?: "auto" | "offline";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        question: string;
                        /** @enum {string} */
                        intent: "answer" | "across" | "first";
                        found: boolean;
                        message: string | null;
                        groups: {
                            note_id: string;
                            note_title: string;
                            /** @enum {string} */
                            note_kind: "voice" | "video" | "text" | "post";
                            created_at: string;
                            citations: {
                                id: string;
                                text: string;
                                start_ms: number | null;
                                speaker: string | null;
                                before: {
                                    id: string;
                                    text: string;
                                    start_ms: number | null;
                                    speaker: string | null;
                                } | null;
                                after: {
                                    id: string;
                                    text: string;
                                    start_ms: number | null;
                                    speaker: string | null;
                                } | null;
                            }[];
                        }[];
                        closest: {
                            note_id: string;
                            note_title: string;
                            /** @enum {string} */
                            note_kind: "voice" | "video" | "text" | "post";
                            created_at: string;
                        }[];
                        written: {
                            sentences: {
                                text: string;
                                sources: string[];
                            }[];
                            dropped: number;
                        } | null;
                        written_note: string | null;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    createStudioNoteFromAnswer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "question": "How much does the big client pay?",
                 *       "sentence_ids": [
                 *         "3f0c2a8e-4b7d-4c1e-9a6f-2d5b8e7c1a90"
                 *       ]
                 *     }
                 */
                "application/json": {
                    question: string;
                    sentence_ids: string[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        kind: "voice" | "video" | "text" | "post";
                        /** @enum {string} */
                        register: "spoken" | "written";
                        /** @enum {string} */
                        status: "uploading" | "transcribing" | "needs_stt" | "ready" | "failed";
                        status_message: string | null;
                        title: string;
                        excerpt: string;
                        word_count: number;
                        duration_ms: number | null;
                        media_bytes: number;
                        has_media: boolean;
                        source_url: string | null;
                        transcript_engine: ("server" | "pocketsphinx" | "browser") | null;
                        transcript_on_device?: boolean;
                        conversation: {
                            speakers: number;
                            me_answered: boolean;
                        } | null;
                        needs_review?: boolean;
                        words_changed_at?: string | null;
                        created_at: string;
                        updated_at: string;
                        text: string;
                        sentences: {
                            id: string;
                            text: string;
                            start_char: number;
                            end_char: number;
                            start_ms?: number | null;
                            end_ms?: number | null;
                            filler: boolean;
                            fillers: {
                                start: number;
                                end: number;
                            }[];
                            speaker_id?: string | null;
                        }[];
                        speakers: {
                            id: string;
                            label: string;
                            name: string;
                            me: boolean;
                        }[];
                        key_phrases: string[];
                        media_url: string | null;
                        media_mime: string | null;
                        tracks: {
                            id: string;
                            label: string;
                            /** @enum {string} */
                            status: "uploading" | "transcribing" | "ready" | "failed";
                            message: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    importStudioNotes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    type: "link";
                    url: string;
                } | {
                    /** @enum {string} */
                    type: "file";
                    filename: string;
                    content: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        format: "linkedin_shares" | "x_tweets" | "text" | "markdown" | "csv" | "vtt" | "srt" | "transcript" | "link";
                        imported: number;
                        skipped: number;
                        note_ids: string[];
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    createStudioUpload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Upload created; Location names it */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `conflict` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "conflict",
                     *       "message": "This recording is finished."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `quota_exceeded` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "quota_exceeded",
                     *       "message": "Your Studio storage is full"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "quota_exceeded";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `storage_refused` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "storage_refused",
                     *       "message": "The media store refused an operation this needs, so it could not be done. Nothing you already sent is lost; the operator can see why on the system page."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "storage_refused";
                    };
                };
            };
            /** @description `storage_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "storage_unavailable",
                     *       "message": "The media store is not answering right now, so recordings and uploads cannot be stored. Nothing you already sent is lost: try again in a minute."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "storage_unavailable";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    deleteStudioUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `conflict` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "conflict",
                     *       "message": "This recording is finished."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `storage_refused` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "storage_refused",
                     *       "message": "The media store refused an operation this needs, so it could not be done. Nothing you already sent is lost; the operator can see why on the system page."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "storage_refused";
                    };
                };
            };
            /** @description `storage_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "storage_unavailable",
                     *       "message": "The media store is not answering right now, so recordings and uploads cannot be stored. Nothing you already sent is lost: try again in a minute."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "storage_unavailable";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    getStudioUploadOffset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Upload-Offset and Upload-Length headers; no body */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `storage_refused` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `storage_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    appendStudioUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stored; Upload-Offset is the new offset */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `conflict` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "conflict",
                     *       "message": "This recording is finished."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `quota_exceeded` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "quota_exceeded",
                     *       "message": "Your Studio storage is full"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "quota_exceeded";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `storage_refused` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "storage_refused",
                     *       "message": "The media store refused an operation this needs, so it could not be done. Nothing you already sent is lost; the operator can see why on the system page."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "storage_refused";
                    };
                };
            };
            /** @description `storage_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "storage_unavailable",
                     *       "message": "The media store is not answering right now, so recordings and uploads cannot be stored. Nothing you already sent is lost: try again in a minute."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "storage_unavailable";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    startStudioRecording: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    mime_type?: string;
                    title?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        chunks: number[];
                        bytes: number;
                        max_duration_ms: number;
                        chunk_max_bytes: number;
                        created_at: string;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `payload_too_large`, `quota_exceeded` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large" | "quota_exceeded";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `storage_refused` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "storage_refused",
                     *       "message": "The media store refused an operation this needs, so it could not be done. Nothing you already sent is lost; the operator can see why on the system page."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "storage_refused";
                    };
                };
            };
            /** @description `storage_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "storage_unavailable",
                     *       "message": "The media store is not answering right now, so recordings and uploads cannot be stored. Nothing you already sent is lost: try again in a minute."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "storage_unavailable";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    getStudioRecording: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        chunks: number[];
                        bytes: number;
                        max_duration_ms: number;
                        chunk_max_bytes: number;
                        created_at: string;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    discardStudioRecording: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `conflict` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "conflict",
                     *       "message": "This recording is finished."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `storage_refused` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "storage_refused",
                     *       "message": "The media store refused an operation this needs, so it could not be done. Nothing you already sent is lost; the operator can see why on the system page."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "storage_refused";
                    };
                };
            };
            /** @description `storage_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "storage_unavailable",
                     *       "message": "The media store is not answering right now, so recordings and uploads cannot be stored. Nothing you already sent is lost: try again in a minute."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "storage_unavailable";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    putStudioRecordingChunk: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                n: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        n: number;
                        bytes: number;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `conflict` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "conflict",
                     *       "message": "This recording is finished."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `quota_exceeded` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "quota_exceeded",
                     *       "message": "Your Studio storage is full"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "quota_exceeded";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `storage_refused` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "storage_refused",
                     *       "message": "The media store refused an operation this needs, so it could not be done. Nothing you already sent is lost; the operator can see why on the system page."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "storage_refused";
                    };
                };
            };
            /** @description `storage_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "storage_unavailable",
                     *       "message": "The media store is not answering right now, so recordings and uploads cannot be stored. Nothing you already sent is lost: try again in a minute."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "storage_unavailable";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    finishStudioRecording: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    transcript?: {
                        start_ms: number;
                        end_ms: number;
                        text: string;
                    }[];
                    transcript_on_device?: boolean;
                    chunk_count: number;
                    duration_ms?: number;
                    conversation?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        kind: "voice" | "video" | "text" | "post";
                        /** @enum {string} */
                        register: "spoken" | "written";
                        /** @enum {string} */
                        status: "uploading" | "transcribing" | "needs_stt" | "ready" | "failed";
                        status_message: string | null;
                        title: string;
                        excerpt: string;
                        word_count: number;
                        duration_ms: number | null;
                        media_bytes: number;
                        has_media: boolean;
                        source_url: string | null;
                        transcript_engine: ("server" | "pocketsphinx" | "browser") | null;
                        transcript_on_device?: boolean;
                        conversation: {
                            speakers: number;
                            me_answered: boolean;
                        } | null;
                        needs_review?: boolean;
                        words_changed_at?: string | null;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `conflict` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "conflict",
                     *       "message": "This recording is finished."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `storage_refused` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "storage_refused",
                     *       "message": "The media store refused an operation this needs, so it could not be done. Nothing you already sent is lost; the operator can see why on the system page."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "storage_refused";
                    };
                };
            };
            /** @description `storage_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "storage_unavailable",
                     *       "message": "The media store is not answering right now, so recordings and uploads cannot be stored. Nothing you already sent is lost: try again in a minute."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "storage_unavailable";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    createStudioConversation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    tracks: {
                        filename: string;
                        size: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        note_id: string;
                        tracks: {
                            id: string;
                            label: string;
                        }[];
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `payload_too_large`, `quota_exceeded` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large" | "quota_exceeded";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `storage_refused` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "storage_refused",
                     *       "message": "The media store refused an operation this needs, so it could not be done. Nothing you already sent is lost; the operator can see why on the system page."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "storage_refused";
                    };
                };
            };
            /** @description `unavailable`, `storage_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unavailable",
                     *       "message": "Service temporarily unavailable. Please try again shortly."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unavailable" | "storage_unavailable";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listStudioDrafts: {
        parameters: {
            query?: {
                note_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        drafts: {
                            id: string;
                            /** @enum {string} */
                            format: "blog" | "linkedin" | "thread" | "carousel" | "clips" | "shownotes";
                            /** @enum {string} */
                            engine: "extractive" | "llm";
                            /** @enum {string} */
                            status: "waiting" | "generating" | "ready" | "failed";
                            note_ids: string[];
                            blocks: {
                                id: string;
                                /** @enum {string} */
                                kind: "title" | "meta" | "keywords" | "heading" | "sentence" | "quote" | "hook" | "cta" | "post" | "slide" | "clip";
                                text: string;
                                group: number;
                                sources: {
                                    note_id: string;
                                    sentence_id: string;
                                    available: boolean;
                                    changed?: boolean;
                                }[];
                                supported: boolean;
                                /** @enum {string} */
                                origin: "user" | "echo" | "guest";
                                speaker?: string;
                                said?: string;
                                start_ms?: number;
                                end_ms?: number;
                            }[];
                            fidelity: {
                                score: number;
                                reasons: string[];
                                faithful?: {
                                    score: number;
                                    reasons: string[];
                                };
                                voice?: {
                                    score: number;
                                    reasons: string[];
                                } | null;
                                rough?: boolean;
                            } | null;
                            meta: {
                                [key: string]: unknown;
                            };
                            error: string | null;
                            edited: boolean;
                            rough_transcript?: boolean;
                            before_corrections?: boolean;
                            created_at: string;
                            updated_at: string;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    createStudioDrafts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    note_ids: string[];
                    formats: ("blog" | "linkedin" | "thread" | "carousel" | "clips" | "shownotes")[];
                    /**
                     * @default auto
                     * @enum {string}
                     */
                    engine?: "auto" | "extractive" | "llm";
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        drafts: {
                            id: string;
                            /** @enum {string} */
                            format: "blog" | "linkedin" | "thread" | "carousel" | "clips" | "shownotes";
                            /** @enum {string} */
                            engine: "extractive" | "llm";
                            /** @enum {string} */
                            status: "waiting" | "generating" | "ready" | "failed";
                            note_ids: string[];
                            blocks: {
                                id: string;
                                /** @enum {string} */
                                kind: "title" | "meta" | "keywords" | "heading" | "sentence" | "quote" | "hook" | "cta" | "post" | "slide" | "clip";
                                text: string;
                                group: number;
                                sources: {
                                    note_id: string;
                                    sentence_id: string;
                                    available: boolean;
                                    changed?: boolean;
                                }[];
                                supported: boolean;
                                /** @enum {string} */
                                origin: "user" | "echo" | "guest";
                                speaker?: string;
                                said?: string;
                                start_ms?: number;
                                end_ms?: number;
                            }[];
                            fidelity: {
                                score: number;
                                reasons: string[];
                                faithful?: {
                                    score: number;
                                    reasons: string[];
                                };
                                voice?: {
                                    score: number;
                                    reasons: string[];
                                } | null;
                                rough?: boolean;
                            } | null;
                            meta: {
                                [key: string]: unknown;
                            };
                            error: string | null;
                            edited: boolean;
                            rough_transcript?: boolean;
                            before_corrections?: boolean;
                            created_at: string;
                            updated_at: string;
                        }[];
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    getStudioDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        format: "blog" | "linkedin" | "thread" | "carousel" | "clips" | "shownotes";
                        /** @enum {string} */
                        engine: "extractive" | "llm";
                        /** @enum {string} */
                        status: "waiting" | "generating" | "ready" | "failed";
                        note_ids: string[];
                        blocks: {
                            id: string;
                            /** @enum {string} */
                            kind: "title" | "meta" | "keywords" | "heading" | "sentence" | "quote" | "hook" | "cta" | "post" | "slide" | "clip";
                            text: string;
                            group: number;
                            sources: {
                                note_id: string;
                                sentence_id: string;
                                available: boolean;
                                changed?: boolean;
                            }[];
                            supported: boolean;
                            /** @enum {string} */
                            origin: "user" | "echo" | "guest";
                            speaker?: string;
                            said?: string;
                            start_ms?: number;
                            end_ms?: number;
                        }[];
                        fidelity: {
                            score: number;
                            reasons: string[];
                            faithful?: {
                                score: number;
                                reasons: string[];
                            };
                            voice?: {
                                score: number;
                                reasons: string[];
                            } | null;
                            rough?: boolean;
                        } | null;
                        meta: {
                            [key: string]: unknown;
                        };
                        error: string | null;
                        edited: boolean;
                        rough_transcript?: boolean;
                        before_corrections?: boolean;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    updateStudioDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    blocks: {
                        id: string;
                        text: string;
                        /** @enum {string} */
                        kind?: "heading" | "sentence" | "quote" | "hook" | "cta" | "post" | "slide";
                    }[];
                    order?: string[];
                    paragraphs?: {
                        ids: string[];
                        text: string;
                    }[];
                    /** @default true */
                    learn?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        format: "blog" | "linkedin" | "thread" | "carousel" | "clips" | "shownotes";
                        /** @enum {string} */
                        engine: "extractive" | "llm";
                        /** @enum {string} */
                        status: "waiting" | "generating" | "ready" | "failed";
                        note_ids: string[];
                        blocks: {
                            id: string;
                            /** @enum {string} */
                            kind: "title" | "meta" | "keywords" | "heading" | "sentence" | "quote" | "hook" | "cta" | "post" | "slide" | "clip";
                            text: string;
                            group: number;
                            sources: {
                                note_id: string;
                                sentence_id: string;
                                available: boolean;
                                changed?: boolean;
                            }[];
                            supported: boolean;
                            /** @enum {string} */
                            origin: "user" | "echo" | "guest";
                            speaker?: string;
                            said?: string;
                            start_ms?: number;
                            end_ms?: number;
                        }[];
                        fidelity: {
                            score: number;
                            reasons: string[];
                            faithful?: {
                                score: number;
                                reasons: string[];
                            };
                            voice?: {
                                score: number;
                                reasons: string[];
                            } | null;
                            rough?: boolean;
                        } | null;
                        meta: {
                            [key: string]: unknown;
                        };
                        error: string | null;
                        edited: boolean;
                        rough_transcript?: boolean;
                        before_corrections?: boolean;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    regenerateStudioDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    block_id?: string;
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        format: "blog" | "linkedin" | "thread" | "carousel" | "clips" | "shownotes";
                        /** @enum {string} */
                        engine: "extractive" | "llm";
                        /** @enum {string} */
                        status: "waiting" | "generating" | "ready" | "failed";
                        note_ids: string[];
                        blocks: {
                            id: string;
                            /** @enum {string} */
                            kind: "title" | "meta" | "keywords" | "heading" | "sentence" | "quote" | "hook" | "cta" | "post" | "slide" | "clip";
                            text: string;
                            group: number;
                            sources: {
                                note_id: string;
                                sentence_id: string;
                                available: boolean;
                                changed?: boolean;
                            }[];
                            supported: boolean;
                            /** @enum {string} */
                            origin: "user" | "echo" | "guest";
                            speaker?: string;
                            said?: string;
                            start_ms?: number;
                            end_ms?: number;
                        }[];
                        fidelity: {
                            score: number;
                            reasons: string[];
                            faithful?: {
                                score: number;
                                reasons: string[];
                            };
                            voice?: {
                                score: number;
                                reasons: string[];
                            } | null;
                            rough?: boolean;
                        } | null;
                        meta: {
                            [key: string]: unknown;
                        };
                        error: string | null;
                        edited: boolean;
                        rough_transcript?: boolean;
                        before_corrections?: boolean;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    putBackStudioDraftFact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                fact_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        format: "blog" | "linkedin" | "thread" | "carousel" | "clips" | "shownotes";
                        /** @enum {string} */
                        engine: "extractive" | "llm";
                        /** @enum {string} */
                        status: "waiting" | "generating" | "ready" | "failed";
                        note_ids: string[];
                        blocks: {
                            id: string;
                            /** @enum {string} */
                            kind: "title" | "meta" | "keywords" | "heading" | "sentence" | "quote" | "hook" | "cta" | "post" | "slide" | "clip";
                            text: string;
                            group: number;
                            sources: {
                                note_id: string;
                                sentence_id: string;
                                available: boolean;
                                changed?: boolean;
                            }[];
                            supported: boolean;
                            /** @enum {string} */
                            origin: "user" | "echo" | "guest";
                            speaker?: string;
                            said?: string;
                            start_ms?: number;
                            end_ms?: number;
                        }[];
                        fidelity: {
                            score: number;
                            reasons: string[];
                            faithful?: {
                                score: number;
                                reasons: string[];
                            };
                            voice?: {
                                score: number;
                                reasons: string[];
                            } | null;
                            rough?: boolean;
                        } | null;
                        meta: {
                            [key: string]: unknown;
                        };
                        error: string | null;
                        edited: boolean;
                        rough_transcript?: boolean;
                        before_corrections?: boolean;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listStudioDraftVersions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        versions: {
                            id: string;
                            /** @enum {string} */
                            reason: "save" | "regenerate" | "restore";
                            /** @enum {string} */
                            engine: "extractive" | "llm";
                            edited: boolean;
                            blocks: {
                                id: string;
                                /** @enum {string} */
                                kind: "title" | "meta" | "keywords" | "heading" | "sentence" | "quote" | "hook" | "cta" | "post" | "slide" | "clip";
                                text: string;
                                group: number;
                                sources: {
                                    note_id: string;
                                    sentence_id: string;
                                    available: boolean;
                                    changed?: boolean;
                                }[];
                                supported: boolean;
                                /** @enum {string} */
                                origin: "user" | "echo" | "guest";
                                speaker?: string;
                                said?: string;
                                start_ms?: number;
                                end_ms?: number;
                            }[];
                            fidelity: {
                                score: number;
                                reasons: string[];
                                faithful?: {
                                    score: number;
                                    reasons: string[];
                                };
                                voice?: {
                                    score: number;
                                    reasons: string[];
                                } | null;
                                rough?: boolean;
                            } | null;
                            created_at: string;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    applyStudioDraftVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                vid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        format: "blog" | "linkedin" | "thread" | "carousel" | "clips" | "shownotes";
                        /** @enum {string} */
                        engine: "extractive" | "llm";
                        /** @enum {string} */
                        status: "waiting" | "generating" | "ready" | "failed";
                        note_ids: string[];
                        blocks: {
                            id: string;
                            /** @enum {string} */
                            kind: "title" | "meta" | "keywords" | "heading" | "sentence" | "quote" | "hook" | "cta" | "post" | "slide" | "clip";
                            text: string;
                            group: number;
                            sources: {
                                note_id: string;
                                sentence_id: string;
                                available: boolean;
                                changed?: boolean;
                            }[];
                            supported: boolean;
                            /** @enum {string} */
                            origin: "user" | "echo" | "guest";
                            speaker?: string;
                            said?: string;
                            start_ms?: number;
                            end_ms?: number;
                        }[];
                        fidelity: {
                            score: number;
                            reasons: string[];
                            faithful?: {
                                score: number;
                                reasons: string[];
                            };
                            voice?: {
                                score: number;
                                reasons: string[];
                            } | null;
                            rough?: boolean;
                        } | null;
                        meta: {
                            [key: string]: unknown;
                        };
                        error: string | null;
                        edited: boolean;
                        rough_transcript?: boolean;
                        before_corrections?: boolean;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    exportStudioDraft: {
        parameters: {
            query: {
                as: "md" | "html" | "txt" | "srt" | "vtt" | "zip" | "pdf";
                numbers?: "yes" | "no";
                clip?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description md, html, txt, srt, vtt, zip or pdf */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    getStudioDraftClip: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                n: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description audio/mp4 or video/mp4 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `storage_refused` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "storage_refused",
                     *       "message": "The media store refused an operation this needs, so it could not be done. Nothing you already sent is lost; the operator can see why on the system page."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "storage_refused";
                    };
                };
            };
            /** @description `unavailable`, `storage_unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unavailable",
                     *       "message": "Service temporarily unavailable. Please try again shortly."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unavailable" | "storage_unavailable";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listPublishAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accounts: {
                            id: string;
                            /** @enum {string} */
                            platform: "linkedin" | "x" | "bluesky" | "mastodon";
                            handle: string;
                            instance_url: string;
                            /** @enum {string} */
                            status: "connected" | "reconnect" | "disconnected";
                            char_limit: number;
                            last_error: string | null;
                            created_at: string;
                        }[];
                        platforms: {
                            /** @enum {string} */
                            platform: "linkedin" | "x" | "bluesky" | "mastodon";
                            available: boolean;
                            reason: string | null;
                            /** @enum {string} */
                            connect: "app_password" | "instance" | "oauth";
                        }[];
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    createBlueskyAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    handle: string;
                    app_password: string;
                    service?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        platform: "linkedin" | "x" | "bluesky" | "mastodon";
                        handle: string;
                        instance_url: string;
                        /** @enum {string} */
                        status: "connected" | "reconnect" | "disconnected";
                        char_limit: number;
                        last_error: string | null;
                        created_at: string;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unavailable",
                     *       "message": "Service temporarily unavailable. Please try again shortly."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unavailable";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    startPublishOauth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    platform: "mastodon" | "x" | "linkedin";
                    instance?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        authorize_url: string;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description `unavailable` */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unavailable",
                     *       "message": "Service temporarily unavailable. Please try again shortly."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unavailable";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    finishPublishOauth: {
        parameters: {
            query?: {
                state?: string;
                code?: string;
                error?: string;
                error_description?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To /studio?tab=publishing&connected=<platform or problem> */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    deletePublishAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    getNextPublishSlot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        at: string | null;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    getPublishPreview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    draft_id: string;
                    account_ids: string[];
                    texts?: {
                        [key: string]: string[];
                    };
                    alts?: {
                        [key: string]: string[];
                    };
                    clip?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accounts: {
                            account_id: string;
                            /** @enum {string} */
                            platform: "linkedin" | "x" | "bluesky" | "mastodon";
                            handle: string;
                            parts: {
                                text: string;
                                length: number;
                                limit: number;
                                fits: boolean;
                                cut_at: number | null;
                            }[];
                            images: {
                                slide: number;
                                part: number;
                                alt: string;
                                length: number;
                                limit: number;
                                fits: boolean;
                            }[];
                            video_clip: number | null;
                            fits: boolean;
                            counting: string;
                        }[];
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `conflict` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "conflict",
                     *       "message": "This recording is finished."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listPublishPosts: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                draft_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        posts: {
                            id: string;
                            account_id: string;
                            /** @enum {string} */
                            platform: "linkedin" | "x" | "bluesky" | "mastodon";
                            handle: string;
                            draft_id: string | null;
                            /** @enum {string} */
                            status: "scheduled" | "publishing" | "published" | "failed" | "check" | "waiting_account" | "cancelled";
                            /** @enum {string} */
                            placement: "now" | "slot" | "time";
                            scheduled_at: string;
                            parts: string[];
                            links: string[];
                            error: string | null;
                            published_at: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    createPublishPosts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    draft_id: string;
                    account_ids: string[];
                    texts?: {
                        [key: string]: string[];
                    };
                    alts?: {
                        [key: string]: string[];
                    };
                    clip?: number;
                    /** @enum {string} */
                    when: "now" | "slot" | "time";
                    /** Format: date-time */
                    at?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        posts: {
                            id: string;
                            account_id: string;
                            /** @enum {string} */
                            platform: "linkedin" | "x" | "bluesky" | "mastodon";
                            handle: string;
                            draft_id: string | null;
                            /** @enum {string} */
                            status: "scheduled" | "publishing" | "published" | "failed" | "check" | "waiting_account" | "cancelled";
                            /** @enum {string} */
                            placement: "now" | "slot" | "time";
                            scheduled_at: string;
                            parts: string[];
                            links: string[];
                            error: string | null;
                            published_at: string | null;
                        }[];
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `conflict` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "conflict",
                     *       "message": "This recording is finished."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listPublishedResults: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        counts: {
                            /** @enum {string} */
                            platform: "linkedin" | "x" | "bluesky" | "mastodon";
                            published: number;
                            check: number;
                            failed: number;
                            reconnect: number;
                        }[];
                        results: {
                            id: string;
                            /** @enum {string} */
                            platform: "linkedin" | "x" | "bluesky" | "mastodon";
                            handle: string;
                            /** @enum {string} */
                            status: "published" | "check" | "failed" | "reconnect";
                            at: string;
                            excerpt: string;
                            parts: number;
                            links: string[];
                            error: string | null;
                            draft_id: string | null;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    updatePublishPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    scheduled_at: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        account_id: string;
                        /** @enum {string} */
                        platform: "linkedin" | "x" | "bluesky" | "mastodon";
                        handle: string;
                        draft_id: string | null;
                        /** @enum {string} */
                        status: "scheduled" | "publishing" | "published" | "failed" | "check" | "waiting_account" | "cancelled";
                        /** @enum {string} */
                        placement: "now" | "slot" | "time";
                        scheduled_at: string;
                        parts: string[];
                        links: string[];
                        error: string | null;
                        published_at: string | null;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `conflict` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "conflict",
                     *       "message": "This recording is finished."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    discardPublishPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        account_id: string;
                        /** @enum {string} */
                        platform: "linkedin" | "x" | "bluesky" | "mastodon";
                        handle: string;
                        draft_id: string | null;
                        /** @enum {string} */
                        status: "scheduled" | "publishing" | "published" | "failed" | "check" | "waiting_account" | "cancelled";
                        /** @enum {string} */
                        placement: "now" | "slot" | "time";
                        scheduled_at: string;
                        parts: string[];
                        links: string[];
                        error: string | null;
                        published_at: string | null;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `conflict` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "conflict",
                     *       "message": "This recording is finished."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "conflict";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    listPublishSlots: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        slots: {
                            id: string;
                            account_id: string;
                            weekday: number;
                            minute: number;
                            time_zone: string;
                            label: string;
                        }[];
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    createPublishSlot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    account_id: string;
                    weekday: number;
                    time: string;
                    time_zone: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        account_id: string;
                        weekday: number;
                        minute: number;
                        time_zone: string;
                        label: string;
                    };
                };
            };
            /** @description `validation_failed`, `malformed_request` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed" | "malformed_request";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `already_exists` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "already_exists",
                     *       "message": "An application with this email already exists"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "already_exists";
                    };
                };
            };
            /** @description `payload_too_large` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "payload_too_large",
                     *       "message": "Request body is too large (limit 100 KB)"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description `unsupported_media_type` */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unsupported_media_type",
                     *       "message": "Unsupported content type; send application/json"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
    deletePublishSlot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "validation_failed",
                     *       "message": "Invalid email address"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "validation_failed";
                    };
                };
            };
            /** @description `unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Authentication required"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "unauthorized";
                    };
                };
            };
            /** @description `not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description `rate_limited` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "rate_limited",
                     *       "message": "Too many requests. Please try again later."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Unexpected failure: `internal` (500), or `unavailable` (503, with Retry-After) while the database is down */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiError"];
                };
            };
        };
    };
}
