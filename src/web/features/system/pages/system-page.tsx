import { CheckCircle2, RefreshCw, XCircle } from 'lucide-react';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { AdminFrame } from '#web/features/admin-auth/index.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useSystemHealth } from '../api.ts';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');

/** /admin/system: what works on this server and what each missing piece means for users. */
export default function SystemPage() {
  return (
    <AdminFrame title="System">
      <SystemChecklist />
    </AdminFrame>
  );
}

function SystemChecklist() {
  const health = useSystemHealth();
  const data = health.data;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">System</h1>
          <p className="text-sm text-muted-foreground">
            What works on this server, and what each missing piece means for the people using it. The console
            prints the same list at every start.
          </p>
        </div>
        <Button variant="outline" onClick={() => void health.refetch()} disabled={health.isFetching}>
          <RefreshCw className={health.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {health.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(health.error, 'Failed to load the system status')}
        </p>
      )}
      {health.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
      {data?.checklist && (
        <Card className="p-0">
          <ul aria-label="Checklist" className="divide-y divide-border">
            {data.checklist.map((item) => (
              <li key={item.key} className="flex items-start gap-3 px-4 py-3">
                {item.ok ? (
                  <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                ) : (
                  <XCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
                )}
                <div className="min-w-0">
                  <p className="font-medium">
                    {item.label} <span className="sr-only">{item.ok ? '(working)' : '(missing)'}</span>
                  </p>
                  <p className="break-words text-sm text-muted-foreground">{item.detail}</p>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {data?.providers && (
        <Card tabIndex={0} role="region" aria-label="Outside services" className="overflow-x-auto p-0">
          <table className="w-full min-w-[560px] text-left text-sm">
            <thead className="border-b border-border bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Service
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Configured
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Last success
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Last failure
                </th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(data.providers).map(([name, status]) => (
                <tr key={name} className="border-b border-border last:border-0">
                  <th scope="row" className="px-4 py-3 font-medium">
                    {data.checklist?.find((item) => item.key === name)?.label ?? name}
                  </th>
                  <td className="px-4 py-3">
                    <Badge variant={status.configured ? 'default' : 'secondary'}>
                      {status.configured ? 'yes' : 'no'}
                    </Badge>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                    {when(status.lastSuccessAt)}
                  </td>
                  <td className="px-4 py-3 text-muted-foreground" title={status.lastError ?? undefined}>
                    {when(status.lastFailureAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      {data?.tools && (
        <p className="text-sm text-muted-foreground">
          yt-dlp {data.tools.ytdlp.version ?? 'not running'} (
          {data.tools.ytdlp.source === 'managed' ? "Echo's own copy" : 'YTDLP_PATH or PATH'}), ffmpeg{' '}
          {data.tools.ffmpeg.version ?? 'not running'}, PocketSphinx{' '}
          {data.tools.pocketsphinx.version ?? 'not running'}.
        </p>
      )}
      {data?.storage && (
        <p className="text-sm text-muted-foreground">
          Media storage: {data.storage.kind === 's3' ? 'S3' : 'local disk'}, {data.storage.location}
          {data.storage.reachable
            ? ' (answers).'
            : ` (does not answer: ${data.storage.problem ?? 'no detail'}).`}
        </p>
      )}
    </div>
  );
}
