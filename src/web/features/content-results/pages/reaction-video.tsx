import { LayoutDashboard } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { REDIRECT_AFTER_SUBMIT_MS } from '#contract/content-results.ts';
import { ToolLayout } from '#web/components/tool-layout.tsx';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { SubmitForm } from '../components/submit-form.tsx';

/** /reaction-video: the Transcription Tool (docs/spec/product-spec.md §2). */
export default function ReactionVideoPage() {
  const [, navigate] = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <ToolLayout title="Transcription Tool" label="Transcription Tool" current="/reaction-video">
      <div className="mx-auto max-w-xl">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Transcription Tool</h1>
        <p className="mt-3 text-muted-foreground">
          Paste a link to a Youtube, Instagram, Tiktok or Facebook video. Echo transcribes it and keeps the
          transcript on your dashboard, behind a code sent to your e-mail.
        </p>
        <Card className="mt-8">
          <SubmitForm
            onSubmitted={(email) => {
              timer.current = setTimeout(
                () => navigate(`/dashboard?email=${encodeURIComponent(email)}`),
                REDIRECT_AFTER_SUBMIT_MS,
              );
            }}
          />
        </Card>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Already submitted something?{' '}
          <Link href="/dashboard" className={buttonClasses('link', 'sm', 'h-auto px-1')}>
            <LayoutDashboard aria-hidden="true" />
            View your dashboard
          </Link>
        </p>
      </div>
    </ToolLayout>
  );
}
