import { Link } from 'wouter';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '#contract/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { LegalLayout, MailLink } from '#web/features/legal/components/legal-layout.tsx';

export default function UnsubscribePage() {
  return (
    <LegalLayout title="Unsubscribe">
      <p>
        To stop receiving e-mails from {PRODUCT_NAME}, use the unsubscribe link at the bottom of any e-mail we
        have sent you.
      </p>
      <p>
        Can&apos;t find the link, or need a hand? Contact our support team at{' '}
        <MailLink email={SUPPORT_EMAIL} /> and we will remove you from our mailing list.
      </p>
      <div className="mt-10">
        <Button asChild size="lg">
          <Link href="/">Return to Homepage</Link>
        </Button>
      </div>
    </LegalLayout>
  );
}
