import { Link } from 'wouter';
import { LEGAL_EFFECTIVE_DATE, PRIVACY_EMAIL, PRODUCT_NAME, SUPPORT_EMAIL } from '#contract/brand.ts';
import { LegalLayout, LegalSection, MailLink } from '#web/features/legal/components/legal-layout.tsx';

export default function PrivacyPolicyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      effectiveDate={LEGAL_EFFECTIVE_DATE}
      intro={
        <p>
          {PRODUCT_NAME} is a voice-first content assistant: it learns how you speak and write, and turns your
          ideas into content in your own voice. This policy explains what information we collect when you use
          our website, waitlist, tools and services (together, the &ldquo;Service&rdquo;), how we use and
          protect it, and the choices you have.
        </p>
      }
    >
      <LegalSection id="information-we-collect" title="1. Information We Collect">
        <p>We collect only what we need to run the Service. This falls into a few groups:</p>
        <ul>
          <li>
            <strong>Information you give us.</strong> When you join the waitlist we collect your name, e-mail
            address, the role that best describes you and, if you choose to share it, the content challenge
            you are facing. If you apply to our affiliate programme we also collect your display name,
            company, website, social profiles, audience details, promotion plans and payout details.
          </li>
          <li>
            <strong>Content you provide.</strong> Voice notes, uploaded video and audio, text, imported social
            posts, and links you submit to the transcription tool or the trend analyser (for example YouTube,
            Instagram, TikTok or Facebook links).
          </li>
          <li>
            <strong>Content we create for you.</strong> Transcripts, trend analyses, blog posts, social media
            kits, clips, and the voice profile (your style, tone and phrasing) that {PRODUCT_NAME} builds from
            your content.
          </li>
          <li>
            <strong>Technical information.</strong> Basic device, browser and log data such as IP address,
            pages visited and the time of each request, plus the referral code of any affiliate link you
            followed.
          </li>
          <li>
            <strong>Payment information.</strong> When paid plans are available, payments are handled by our
            payment processor. We receive confirmation of your plan and payments (billed in USD) but never see
            or store your full card number.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="how-we-use-your-information" title="2. How We Use Your Information">
        <p>We use your information to:</p>
        <ul>
          <li>
            provide the Service: transcribe and analyse what you submit, learn your voice, and generate
            content in your tone;
          </li>
          <li>manage the waitlist and tell you when early access is ready;</li>
          <li>
            verify your e-mail address with one-time sign-in codes before showing your content dashboard;
          </li>
          <li>run the affiliate programme: attribute referrals, calculate commissions and pay affiliates;</li>
          <li>
            send service messages and, where allowed, product news, which you can stop at any time (see our{' '}
            <Link href="/unsubscribe">unsubscribe page</Link>);
          </li>
          <li>keep the Service secure, prevent fraud and abuse, and meet our legal obligations;</li>
          <li>improve the product using anonymized data, as described in section 7.</li>
        </ul>
        <p>We do not sell your personal information, and we do not use your content to advertise to you.</p>
      </LegalSection>

      <LegalSection id="data-storage-and-security" title="3. Data Storage and Security">
        <p>
          Your information is stored on servers operated by our hosting and database providers. These servers
          may be located outside the country where you live; wherever your data is processed, it is protected
          as described in this policy.
        </p>
        <p>
          We protect your data with encryption in transit (HTTPS), one-time sign-in codes that expire quickly,
          and role-based access restrictions, so that inside {PRODUCT_NAME} only the people who need a given
          kind of data to do their job can see it.
        </p>
        <p>
          No system is completely secure. If a breach affects your personal information, we will notify you
          and the relevant authorities where the law requires us to.
        </p>
      </LegalSection>

      <LegalSection id="data-retention" title="4. Data Retention">
        <p>
          We keep your information for as long as your account is active. If your account becomes inactive, we
          keep your data for up to 24 months after your last activity and then delete it.
        </p>
        <p>
          You can delete your account at any time. Deleting your account permanently deletes your content,
          including your voice notes, uploads, transcripts, generated content and voice profile. This cannot
          be undone, so download anything you want to keep first.
        </p>
        <p>
          We may keep a limited record of past payments where tax or accounting law requires it, for no longer
          than that law demands.
        </p>
      </LegalSection>

      <LegalSection id="your-rights" title="5. Your Rights">
        <p>Depending on where you live, you may have the right to:</p>
        <ul>
          <li>access the personal information we hold about you and receive a copy of it;</li>
          <li>correct information that is inaccurate or incomplete;</li>
          <li>delete your information or your whole account;</li>
          <li>object to or restrict certain uses of your information;</li>
          <li>
            opt out of the use of your anonymized data for product improvement and model training (see section
            7);
          </li>
          <li>withdraw consent you gave us, and stop marketing e-mails at any time.</li>
        </ul>
        <p>
          You can also delete your data yourself: &quot;Delete my data&quot; on your content dashboard
          permanently deletes your content results, the trends you own, your sign-in sessions and codes after
          you confirm a fresh code we e-mail you. To exercise any of these rights, e-mail{' '}
          <MailLink email={PRIVACY_EMAIL} />. We may ask you to confirm your identity before acting on the
          request, and we aim to reply within 30 days. You may also complain to the data protection authority
          where you live.
        </p>
      </LegalSection>

      <LegalSection id="third-party-services" title="6. Third-Party Services">
        <p>
          We work with a small number of service providers who process data on our behalf and only under our
          instructions:
        </p>
        <ul>
          <li>hosting and database providers that store the Service and its data;</li>
          <li>e-mail and SMS delivery providers that send our messages;</li>
          <li>AI providers that help us transcribe audio and generate content;</li>
          <li>payment processors that handle subscriptions and top-ups in USD;</li>
          <li>an affiliate tracking provider that records referrals and commissions;</li>
          <li>a marketing pixel (Meta), only when it is enabled (see section 8).</li>
        </ul>
        <p>
          While you record a voice note, the Studio can show a live transcript made by your browser&rsquo;s
          own speech recognition. Where the browser recognises speech on your device, your audio stays there.
          Where it would send your audio to its maker&rsquo;s servers (Google&rsquo;s, in Chrome), the Studio
          asks you first and remembers your answer in this browser; that service then processes the audio
          under its own privacy terms.
        </p>
        <p>
          When you submit a link from YouTube, Instagram, TikTok or Facebook, we retrieve the public content
          behind it. Those platforms have their own privacy policies, which apply to your use of them.
        </p>
        <p>
          We may also disclose information where the law requires it, or to a successor if {PRODUCT_NAME} is
          merged or sold, in which case this policy will continue to apply to your data.
        </p>
      </LegalSection>

      <LegalSection id="ai-model-training" title="7. AI Model Training">
        <p>
          Your voice profile exists to create content for you. We do not sell your content, and we do not let
          anyone else generate content in your voice.
        </p>
        <p>
          To make {PRODUCT_NAME} better, we may use anonymized data, with names, e-mail addresses and other
          details that identify you removed, to improve our features and train our models. Once anonymized,
          this data can no longer be linked back to you.
        </p>
        <p>
          You can opt out of this use at any time with one click: the &quot;Don&apos;t use my data&quot;
          switch on your content dashboard, or by e-mailing <MailLink email={PRIVACY_EMAIL} />. Opting out
          does not affect the Service you receive, and applies to all data we process after you switch it on
          or we receive your request. While you are opted out, the marketing pixel is not loaded in a browser
          signed in to your dashboard.
        </p>
      </LegalSection>

      <LegalSection id="cookies" title="8. Cookies">
        <p>We use only the cookies the Service needs to work:</p>
        <ul>
          <li>
            <strong>Sign-in session.</strong> Keeps you signed in to your content dashboard after you verify
            your e-mail address.
          </li>
          <li>
            <strong>No-tracking cookie.</strong> When you opt out of data use on your dashboard, a cookie
            tells this browser not to load the marketing pixel.
          </li>
          <li>
            <strong>Referral cookie.</strong> When you arrive through an affiliate link, a cookie remembers
            the referral for 90 days so the right affiliate is credited.
          </li>
        </ul>
        <p>
          The affiliate portal also keeps its sign-in token in your browser&apos;s local storage, removed when
          you clear your site data.
        </p>
        <p>
          An optional marketing pixel (Meta) is loaded only when we have enabled it. When enabled, it records
          page views and completed waitlist sign-ups so we can measure our advertising. When it is not
          enabled, no third-party tracking script is loaded. You can block or delete cookies in your browser
          settings, but blocking essential cookies may stop sign-in from working.
        </p>
      </LegalSection>

      <LegalSection id="childrens-privacy" title="9. Children's Privacy">
        <p>
          The Service is only for people who are 18 or older, or the age of majority where they live if that
          is higher. We do not knowingly collect personal information from anyone younger.
        </p>
        <p>
          If you believe a minor has given us personal information, contact <MailLink email={PRIVACY_EMAIL} />{' '}
          and we will delete it.
        </p>
      </LegalSection>

      <LegalSection id="changes-to-this-policy" title="10. Changes to This Policy">
        <p>
          We may update this policy as the Service grows. When we do, we will change the effective date at the
          top of this page. If a change materially affects how we use your information, we will tell you by
          e-mail or with a notice in the Service before it takes effect.
        </p>
        <p>
          Continuing to use the Service after a change takes effect means you accept the updated policy. Our{' '}
          <Link href="/tos">Terms of Service</Link> explain the rules for using the Service itself.
        </p>
      </LegalSection>

      <LegalSection id="governing-law" title="11. Governing Law">
        <p>
          This policy is governed by the law of the Commonwealth of The Bahamas, without regard to its
          conflict-of-law rules. Nothing in this policy removes any protection that the law of the country
          where you live gives you and that cannot be waived by agreement.
        </p>
      </LegalSection>

      <LegalSection id="contact-us" title="12. Contact Us">
        <p>If you have questions about this policy or your data, we are happy to help:</p>
        <ul>
          <li>
            Privacy questions and requests: <MailLink email={PRIVACY_EMAIL} />
          </li>
          <li>
            General support: <MailLink email={SUPPORT_EMAIL} />
          </li>
        </ul>
      </LegalSection>
    </LegalLayout>
  );
}
