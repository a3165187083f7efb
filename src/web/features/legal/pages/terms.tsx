import { Link } from 'wouter';
import { LEGAL_EFFECTIVE_DATE, PRIVACY_EMAIL, PRODUCT_NAME, SUPPORT_EMAIL } from '#contract/brand.ts';
import { LegalLayout, LegalSection, MailLink } from '#web/features/legal/components/legal-layout.tsx';

export default function TermsPage() {
  return (
    <LegalLayout
      title="Terms of Service"
      effectiveDate={LEGAL_EFFECTIVE_DATE}
      intro={
        <p>
          These terms govern your use of {PRODUCT_NAME}, including our website, waitlist, tools and paid plans
          (together, the &ldquo;Service&rdquo;). By using the Service you agree to them. If you do not agree,
          please do not use the Service.
        </p>
      }
    >
      <LegalSection id="eligibility" title="1. Eligibility">
        <p>
          You must be 18 or older, or the age of majority where you live if that is higher, to use the
          Service. By using it, you confirm that you meet this requirement and can enter into a binding
          agreement.
        </p>
        <p>
          If you use the Service on behalf of a company or other organisation, you confirm that you are
          authorised to accept these terms for it, and &ldquo;you&rdquo; includes that organisation.
        </p>
      </LegalSection>

      <LegalSection id="description-of-service" title="2. Description of Service">
        <p>
          {PRODUCT_NAME} is a voice-first content assistant. It learns your voice (your style, tone and
          phrasing) from voice notes, uploaded video and audio, text and imported social posts, and turns your
          ideas into content such as SEO blog posts, social media kits (LinkedIn posts, tweet threads and
          Instagram carousels) and short viral clips with captions and hooks.
        </p>
        <p>
          The Service is currently in a pre-launch waitlist phase. Some tools are already available, including
          the trend analyser, the transcription tool and the content dashboard. Our affiliate programme is
          also covered by the programme rules shown on the <Link href="/affiliate">Affiliate Program</Link>{' '}
          page.
        </p>
        <p>
          Features marked as beta or coming soon may be incomplete, may change, and may not always be
          available.
        </p>
      </LegalSection>

      <LegalSection id="user-accounts" title="3. User Accounts">
        <p>
          Some parts of the Service require you to verify your e-mail address with a one-time code or to
          create an account. You agree to give accurate information and to keep it up to date.
        </p>
        <p>
          You are responsible for keeping access to your e-mail address and sign-in codes secure and for all
          activity under your account. Do not share sign-in codes with anyone. If you think someone else has
          accessed your account, tell us straight away at <MailLink email={SUPPORT_EMAIL} />.
        </p>
      </LegalSection>

      <LegalSection id="imported-content" title="4. Imported Content">
        <p>
          You keep ownership of everything you import into {PRODUCT_NAME}: voice notes, video, audio, text,
          social posts and links (your &ldquo;Imported Content&rdquo;). You give us a limited permission to
          store, process, transcribe, analyse and transform your Imported Content only to provide the Service
          to you and as described in section 8.A.
        </p>
        <p>
          You are responsible for having the rights to everything you import. If you import or repurpose
          someone else&apos;s video, post or recording, you must have their permission or another lawful basis
          to use it, and you must follow the terms of the platform it comes from.
        </p>
        <p>
          We may remove Imported Content that we reasonably believe infringes someone else&apos;s rights or
          breaks these terms. To report content that infringes your rights, write to{' '}
          <MailLink email={SUPPORT_EMAIL} />.
        </p>
      </LegalSection>

      <LegalSection id="generated-content" title="5. Generated Content">
        <p>
          Content that {PRODUCT_NAME} creates for you, such as transcripts, blog posts, social posts and clips
          (&ldquo;Generated Content&rdquo;), belongs to you, subject to any rights others hold in the Imported
          Content it is based on. We do not claim ownership of it.
        </p>
        <p>
          Generated Content is produced with AI and may contain mistakes, omissions or wording that does not
          fit your intent. Similar content may also be generated for other users. You must review, and edit
          where needed, all Generated Content before you publish or share it, and you are responsible for what
          you publish.
        </p>
      </LegalSection>

      <LegalSection id="user-responsibilities" title="6. User Responsibilities">
        <p>When using the Service, you agree not to:</p>
        <ul>
          <li>break any law or the terms of the platforms you import from or publish to;</li>
          <li>
            import or publish content that is unlawful, defamatory, harassing, hateful or that infringes
            someone else&apos;s rights;
          </li>
          <li>
            train {PRODUCT_NAME} on another person&apos;s voice to impersonate them, or present Generated
            Content as coming from someone who did not approve it;
          </li>
          <li>send spam or use the Service to mislead people;</li>
          <li>
            probe, overload, scrape, reverse engineer or interfere with the Service, or get around its limits
            or security measures;
          </li>
          <li>break the affiliate programme rules if you take part in it.</li>
        </ul>
      </LegalSection>

      <LegalSection id="subscription-and-billing" title="7. Subscription and Billing">
        <p>
          Paid plans are offered as monthly or annual subscriptions, billed in US dollars (USD) in advance at
          the start of each billing cycle. You can also buy optional credit top-ups for extra usage. Prices
          are shown before you pay and may not include taxes, which you are responsible for where they apply.
        </p>
        <p>
          Subscriptions renew automatically until you cancel. You can cancel at any time; you keep access to
          your plan until the end of the current billing cycle, and you will not be charged again.
        </p>
        <p>
          Fees, including credit top-ups, are non-refundable except where the law requires a refund. If we
          change our prices, we will tell you in advance, and the new price applies from your next billing
          cycle. If a payment fails, we may pause paid features until it is resolved.
        </p>
      </LegalSection>

      <LegalSection id="data-storage-and-transfer" title="8. Data Storage and Transfer">
        <p>
          Your data is stored with our hosting and database providers and may be transferred to and processed
          in countries other than the one where you live. We protect it with encryption in transit and
          role-based access restrictions, as described in our{' '}
          <Link href="/privacy-policy">Privacy Policy</Link>.
        </p>
        <p>
          We keep your data while your account is active and for up to 24 months after your last activity,
          after which it is deleted. Deleting your account permanently deletes your content, and this cannot
          be undone, so please download anything you want to keep first.
        </p>
        <h3 id="data-usage-for-product-improvement">8.A Data Usage for Product Improvement</h3>
        <p>
          We may use anonymized data, with the details that identify you removed, to improve the product,
          including the models behind it. We never sell this data.
        </p>
        <p>
          You can opt out of this use at any time by e-mailing <MailLink email={PRIVACY_EMAIL} />. Opting out
          does not change the Service you receive.
        </p>
      </LegalSection>

      <LegalSection id="termination" title="9. Termination">
        <p>
          You may stop using the Service and delete your account at any time. We may suspend or end your
          access if you seriously or repeatedly break these terms, if the law requires it, or if we stop
          offering the Service; where reasonable, we will give you notice first.
        </p>
        <p>
          When your access ends, your right to use the Service ends too, and your data is handled as described
          in section 8. Sections that by their nature should continue, such as ownership, disclaimers,
          limitation of liability and governing law, continue to apply.
        </p>
      </LegalSection>

      <LegalSection id="disclaimer-of-warranties" title="10. Disclaimer of Warranties">
        <p>
          The Service is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. To the fullest extent
          the law allows, we make no warranties of any kind, whether express or implied, including warranties
          of merchantability, fitness for a particular purpose and non-infringement.
        </p>
        <p>
          We do not promise that the Service will be uninterrupted or error-free, that Generated Content will
          be accurate, or that it will achieve any particular result, such as views, followers or time saved.
        </p>
      </LegalSection>

      <LegalSection id="limitation-of-liability" title="11. Limitation of Liability">
        <p>
          To the fullest extent the law allows, {PRODUCT_NAME} will not be liable for any indirect,
          incidental, special or consequential damages, or for any loss of profits, revenue, data or goodwill,
          arising from your use of the Service.
        </p>
        <p>
          Our total liability for any claim relating to the Service is limited to the greater of the amount
          you paid us in the 12 months before the claim arose and USD 100. Nothing in these terms limits
          liability that cannot be limited by law.
        </p>
      </LegalSection>

      <LegalSection id="modifications" title="12. Modifications to the Service and Terms">
        <p>
          We are constantly improving {PRODUCT_NAME}, so we may add, change or remove features at any time.
        </p>
        <p>
          We may also update these terms. When we do, we will change the effective date at the top of this
          page, and we will tell you about material changes by e-mail or with a notice in the Service before
          they take effect. If you keep using the Service after that, you accept the updated terms; if you do
          not agree, you can stop using the Service and cancel your subscription.
        </p>
      </LegalSection>

      <LegalSection id="governing-law" title="13. Governing Law">
        <p>
          These terms are governed by the law of the Commonwealth of The Bahamas, without regard to its
          conflict-of-law rules, and disputes will be heard by the courts of The Bahamas. This does not remove
          any protection that the law of the country where you live gives you and that cannot be waived by
          agreement.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="14. Contact">
        <p>Questions about these terms? Get in touch:</p>
        <ul>
          <li>
            Support and general questions: <MailLink email={SUPPORT_EMAIL} />
          </li>
          <li>
            Privacy and data requests: <MailLink email={PRIVACY_EMAIL} />
          </li>
        </ul>
      </LegalSection>
    </LegalLayout>
  );
}
