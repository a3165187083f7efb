import { Mail, MessageSquare, RefreshCw } from 'lucide-react';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { AdminFrame } from '#web/features/admin-auth/index.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useOutbox } from '../api.ts';

const statusVariant = (status: string) =>
  status === 'sent'
    ? 'default'
    : status === 'failed'
      ? 'destructive'
      : status === 'stored'
        ? 'secondary'
        : 'outline';

export default function OutboxPage() {
  return (
    <AdminFrame title="Outbox">
      <Outbox />
    </AdminFrame>
  );
}

function Outbox() {
  const outbox = useOutbox();
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Outbox</h1>
          <p className="text-sm text-muted-foreground">
            Every e-mail and SMS, sent or queued (the latest 200). Without a provider configured, messages are
            kept here as &lsquo;stored&rsquo;.
          </p>
        </div>
        <Button variant="outline" onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
          <RefreshCw className={outbox.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {outbox.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(outbox.error, 'Failed to load the outbox')}
        </p>
      )}
      <Card tabIndex={0} role="region" aria-label="Outbox messages" className="overflow-x-auto p-0">
        <table className="w-full min-w-[640px] text-left text-sm">
          <thead className="border-b border-border bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Channel
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Recipient
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Subject
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Status
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Time
              </th>
            </tr>
          </thead>
          <tbody>
            {outbox.isPending && (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-center text-muted-foreground">
                  Loading...
                </td>
              </tr>
            )}
            {outbox.data?.length === 0 && (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-center text-muted-foreground">
                  Nothing sent yet.
                </td>
              </tr>
            )}
            {outbox.data?.map((item) => (
              <tr key={item.id} className="border-b border-border last:border-0">
                <td className="px-4 py-3">
                  <span className="inline-flex items-center gap-1.5">
                    {item.channel === 'sms' ? (
                      <MessageSquare className="size-4 text-muted-foreground" aria-hidden="true" />
                    ) : (
                      <Mail className="size-4 text-muted-foreground" aria-hidden="true" />
                    )}
                    {item.channel === 'sms' ? 'SMS' : 'Email'}
                  </span>
                </td>
                <td className="whitespace-nowrap px-4 py-3">{item.recipient}</td>
                <td className="px-4 py-3">
                  {item.subject ?? <span className="text-muted-foreground">—</span>}
                </td>
                <td className="px-4 py-3">
                  <Badge variant={statusVariant(item.status)} title={item.error ?? undefined}>
                    {item.status}
                  </Badge>
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                  <time dateTime={item.sent_at ?? item.created_at}>
                    {new Date(item.sent_at ?? item.created_at).toLocaleString()}
                  </time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </div>
  );
}
