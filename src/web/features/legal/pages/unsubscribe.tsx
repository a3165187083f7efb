import { CheckCircle2, Loader2 } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '#contract/brand.ts';
import { Button } from '#web/components/ui/button.tsx';
import { LegalLayout, MailLink } from '#web/features/legal/components/legal-layout.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useUnsubscribe } from '../api.ts';

export default function UnsubscribePage() {
  const token = new URLSearchParams(useSearch()).get('token');
  return (
    <LegalLayout title="Unsubscribe">
      {token ? <ConfirmUnsubscribe token={token} /> : <UnsubscribeInfo />}
      <div className="mt-10">
        <Button asChild size="lg" variant={token ? 'outline' : 'default'}>
          <Link href="/">Return to Homepage</Link>
        </Button>
      </div>
    </LegalLayout>
  );
}

function UnsubscribeInfo() {
  return (
    <>
      <p>
        To stop receiving e-mails from {PRODUCT_NAME}, use the unsubscribe link at the bottom of any e-mail we
        have sent you.
      </p>
      <p>
        Can&apos;t find the link, or need a hand? Contact our support team at{' '}
        <MailLink email={SUPPORT_EMAIL} /> and we will remove you from our mailing list.
      </p>
    </>
  );
}

/** The link from a campaign e-mail: opening it changes nothing until the reader confirms (RFC 8058). */
function ConfirmUnsubscribe({ token }: { token: string }) {
  const unsubscribe = useUnsubscribe(token);
  if (unsubscribe.isSuccess)
    return (
      <div role="status" className="mt-6 flex items-start gap-3 rounded-lg border border-border bg-muted p-4">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <p className="!mt-0">
          You have been unsubscribed. You will not receive campaign e-mails from {PRODUCT_NAME} any more.
        </p>
      </div>
    );
  return (
    <>
      <p>Do you want to stop receiving campaign e-mails from {PRODUCT_NAME}?</p>
      {unsubscribe.isError && (
        <p role="alert" className="font-medium text-destructive">
          {errorMessage(unsubscribe.error, 'Something went wrong. Please try again.')} You can also write to{' '}
          <MailLink email={SUPPORT_EMAIL} />.
        </p>
      )}
      <div className="mt-6">
        <Button size="lg" onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
          {unsubscribe.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          Unsubscribe
        </Button>
      </div>
    </>
  );
}
