import { CheckCircle2, RefreshCw, XCircle } from 'lucide-react';
import { PLATFORM_LABELS } from '#contract/publishing.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { Table, TableCell, TableRow } from '#web/components/table.tsx';
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
      <PageHeader
        title="System"
        description="What works on this server, and what each missing piece means for the people using it. The console prints the same list at every start."
        actions={
          <Button variant="outline" onClick={() => void health.refetch()} disabled={health.isFetching}>
            <RefreshCw className={health.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
            Refresh
          </Button>
        }
      />
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
        <Table
          label="Outside services"
          minWidth="min-w-[560px]"
          columns={[
            { label: 'Service' },
            { label: 'Configured' },
            { label: 'Last success' },
            { label: 'Last failure' },
          ]}
        >
          {Object.entries(data.providers).map(([name, status]) => (
            <TableRow key={name}>
              <TableCell header>{data.checklist?.find((item) => item.key === name)?.label ?? name}</TableCell>
              <TableCell>
                <Badge variant={status.configured ? 'default' : 'secondary'}>
                  {status.configured ? 'yes' : 'no'}
                </Badge>
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">
                {when(status.lastSuccessAt)}
              </TableCell>
              <TableCell className="text-muted-foreground" title={status.lastError ?? undefined}>
                {when(status.lastFailureAt)}
              </TableCell>
            </TableRow>
          ))}
        </Table>
      )}
      {data?.tools && (
        <p className="text-sm text-muted-foreground">
          yt-dlp {data.tools.ytdlp.version ?? 'not running'} (
          {data.tools.ytdlp.source === 'managed' ? "Echo's own copy" : 'YTDLP_PATH or PATH'}), ffmpeg{' '}
          {data.tools.ffmpeg.version ?? 'not running'}, PocketSphinx{' '}
          {data.tools.pocketsphinx.version ?? 'not running'}.
        </p>
      )}
      {data?.publishing && (
        <Table
          label="Publishing by platform (last 30 days)"
          minWidth="min-w-[640px]"
          columns={[
            { label: 'Platform' },
            { label: 'Offered' },
            { label: 'Accounts' },
            { label: 'Published' },
            { label: 'Failed or to check' },
            { label: 'Latest problem' },
          ]}
        >
          {data.publishing.map((row) => (
            <TableRow key={row.platform}>
              <TableCell header>{PLATFORM_LABELS[row.platform]}</TableCell>
              <TableCell>
                <Badge variant={row.available ? 'default' : 'secondary'} title={row.reason ?? undefined}>
                  {row.available ? 'yes' : 'not configured'}
                </Badge>
              </TableCell>
              <TableCell>
                {row.connected} connected{row.reconnect > 0 && `, ${row.reconnect} to reconnect`}
                {row.refresh_failed > 0 && `, ${row.refresh_failed} token renewal failed (retried hourly)`}
                {row.last_account_error && (
                  <span className="block text-muted-foreground">Latest: {row.last_account_error}</span>
                )}
              </TableCell>
              <TableCell>{row.published}</TableCell>
              <TableCell>
                {row.failed}
                {row.waiting > 0 && ` (+${row.waiting} waiting for an account)`}
              </TableCell>
              <TableCell className="text-muted-foreground">
                {row.last_error ? `${when(row.last_error_at)}: ${row.last_error}` : 'none'}
              </TableCell>
            </TableRow>
          ))}
        </Table>
      )}
      {data?.storage && (
        <p className="text-sm text-muted-foreground">
          Media storage: {data.storage.kind === 's3' ? 'S3' : 'local disk'}, {data.storage.location}
          {data.storage.reachable
            ? ' (answers).'
            : ` (does not answer: ${data.storage.problem ?? 'no detail'}).`}
        </p>
      )}
      {data?.storage?.operations?.some((probe) => probe.outcome !== 'ok') && (
        <ul className="list-disc pl-5 text-sm text-muted-foreground">
          {data.storage.operations
            .filter((probe) => probe.outcome !== 'ok')
            .map((probe) => (
              <li key={probe.operation}>
                {probe.operation}: {probe.outcome}; without it, {probe.disables}
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}
