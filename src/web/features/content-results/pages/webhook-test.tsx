import { CheckCircle2, Loader2, Play, XCircle } from 'lucide-react';
import { useState } from 'react';
import type { WebhookDryRunResponse } from '#contract/content-results.ts';
import { ToolLayout } from '#web/components/tool-layout.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '#web/components/ui/card.tsx';
import { errorToast } from '#web/components/ui/use-toast.ts';
import { useKeepFocusWhileBusy } from '#web/lib/focus.ts';
import { runWebhookTests, WebhookConnectError, type WebhookTestAnswer } from '../api.ts';

const WEBHOOK_PATH = '/api/webhook/transcription-complete';

const SIGNING_EXAMPLE = `// Node.js: sign and send a transcript (Standard Webhooks)
import { createHmac, randomUUID } from 'node:crypto';

const secret = process.env.WEBHOOK_SECRET;           // whsec_...
const key = secret.startsWith('whsec_')
  ? Buffer.from(secret.slice(6), 'base64')
  : Buffer.from(secret, 'utf8');
const body = JSON.stringify({ videoUrl, transcript, contentResultId });
const id = 'msg_' + randomUUID();
const timestamp = Math.floor(Date.now() / 1000);
const signature = createHmac('sha256', key)
  .update(\`\${id}.\${timestamp}.\${body}\`)
  .digest('base64');

await fetch(WEBHOOK_URL, {
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': \`v1,\${signature}\`,
  },
  body,                                              // send exactly the bytes you signed
});`;

/** /webhook-test: the production webhook URL, 'Run Tests' and setup instructions (docs/spec/product-spec.md §2, §8). */
export default function WebhookTestPage() {
  const [running, setRunning] = useState(false);
  const [answer, setAnswer] = useState<{ test: WebhookTestAnswer; dryRun: WebhookDryRunResponse } | null>(
    null,
  );
  const keepFocus = useKeepFocusWhileBusy(running);
  const webhookUrl = answer?.test.webhookUrl ?? `${window.location.origin}${WEBHOOK_PATH}`;

  async function run() {
    setRunning(true);
    try {
      setAnswer(await runWebhookTests());
    } catch (error) {
      setAnswer(null);
      const connect = error instanceof WebhookConnectError;
      errorToast(connect ? 'Failed to connect to webhook endpoint' : 'Failed to test webhook endpoint');
    } finally {
      setRunning(false);
    }
  }

  return (
    <ToolLayout title="Webhook Test" label="Webhook Test" current="/webhook-test">
      <h1 className="text-3xl font-extrabold tracking-tight">Webhook Test</h1>
      <p className="mt-2 text-muted-foreground">
        An external transcription service can deliver transcripts to Echo through a signed webhook.
      </p>
      <Card className="mt-8 grid gap-4">
        <CardTitle>Production webhook URL</CardTitle>
        <code data-testid="webhook-url" className="block break-all rounded-md bg-muted p-3 font-mono text-sm">
          {webhookUrl}
        </code>
        <div>
          <Button onClick={run} disabled={running} {...keepFocus}>
            {running ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Play aria-hidden="true" />}
            Run Tests
          </Button>
        </div>
        {answer && (
          <div className="grid gap-2" aria-live="polite">
            <p className="text-sm font-semibold">{answer.test.message}</p>
            <ul className="grid gap-2">
              {answer.dryRun.checks.map((check) => (
                <li key={check.name} className="flex items-start gap-2 text-sm">
                  {check.passed ? (
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-600" aria-label="Passed" />
                  ) : (
                    <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-label="Failed" />
                  )}
                  <span>
                    <span className="font-medium">{check.name}</span>{' '}
                    <span className="text-muted-foreground">({check.detail})</span>
                  </span>
                </li>
              ))}
            </ul>
            <p className="text-sm font-semibold" data-testid="webhook-summary">
              {answer.dryRun.message}
            </p>
          </div>
        )}
      </Card>
      <Card className="mt-6 grid gap-4">
        <CardTitle>Setup instructions</CardTitle>
        <CardDescription>
          How an external transcription service reports a finished transcript.
        </CardDescription>
        <ol className="grid list-decimal gap-3 pl-5 text-sm leading-relaxed">
          <li>
            Set <code className="font-mono">WEBHOOK_SECRET</code> on the Echo server and give the same secret
            to the service (when it is not set, Echo generates one at its first start and prints it once).
            With it set, Echo waits up to 30 minutes for the service when a video has no captions and no
            speech-to-text server is configured.
          </li>
          <li>
            When a transcript is ready, the service sends{' '}
            <code className="font-mono">POST {WEBHOOK_PATH}</code> with the JSON body{' '}
            <code className="font-mono">{'{ "videoUrl", "transcript", "contentResultId" }'}</code>.
          </li>
          <li>
            Every request is signed the Standard Webhooks way: an HMAC-SHA256 over{' '}
            <code className="font-mono">{'{webhook-id}.{webhook-timestamp}.{raw body}'}</code>, sent in the
            headers <code className="font-mono">webhook-id</code>,{' '}
            <code className="font-mono">webhook-timestamp</code> (Unix seconds) and{' '}
            <code className="font-mono">webhook-signature: v1,&lt;base64&gt;</code>. A{' '}
            <code className="font-mono">whsec_</code> secret is base64-decoded after the prefix to get the
            key.
          </li>
          <li>
            Echo rejects timestamps more than 5 minutes off (401), ignores a repeated{' '}
            <code className="font-mono">webhook-id</code>, answers 404 for an unknown result and 409 for a
            result that is already completed or failed.
          </li>
        </ol>
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          className="overflow-x-auto rounded-md bg-foreground p-4 text-xs leading-relaxed text-background"
        >
          <code>{SIGNING_EXAMPLE}</code>
        </pre>
      </Card>
    </ToolLayout>
  );
}
