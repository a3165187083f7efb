import { Mail, MessageSquare, RefreshCw } from 'lucide-react';
import { PageHeader } from '#web/components/page-header.tsx';
import { Table, TableCell, TableMessage, TableRow } from '#web/components/table.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
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
      <PageHeader
        title="Outbox"
        description={
          <>
            Every e-mail and SMS, sent or queued (the latest 200). Without a provider configured, messages are
            kept here as &lsquo;stored&rsquo;.
          </>
        }
        actions={
          <Button variant="outline" onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
            <RefreshCw className={outbox.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
            Refresh
          </Button>
        }
      />
      {outbox.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(outbox.error, 'Failed to load the outbox')}
        </p>
      )}
      <Table
        label="Outbox messages"
        minWidth="min-w-[640px]"
        columns={[
          { label: 'Channel' },
          { label: 'Recipient' },
          { label: 'Subject' },
          { label: 'Status' },
          { label: 'Time' },
        ]}
      >
        {outbox.isPending && <TableMessage columns={5}>Loading...</TableMessage>}
        {outbox.data?.length === 0 && <TableMessage columns={5}>Nothing sent yet.</TableMessage>}
        {outbox.data?.map((item) => (
          <TableRow key={item.id}>
            <TableCell>
              <span className="inline-flex items-center gap-1.5">
                {item.channel === 'sms' ? (
                  <MessageSquare className="size-4 text-muted-foreground" aria-hidden="true" />
                ) : (
                  <Mail className="size-4 text-muted-foreground" aria-hidden="true" />
                )}
                {item.channel === 'sms' ? 'SMS' : 'Email'}
              </span>
            </TableCell>
            <TableCell className="whitespace-nowrap">{item.recipient}</TableCell>
            <TableCell>{item.subject ?? <span className="text-muted-foreground">—</span>}</TableCell>
            <TableCell>
              <Badge variant={statusVariant(item.status)} title={item.error ?? undefined}>
                {item.status}
              </Badge>
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              <time dateTime={item.sent_at ?? item.created_at}>
                {new Date(item.sent_at ?? item.created_at).toLocaleString()}
              </time>
            </TableCell>
          </TableRow>
        ))}
      </Table>
    </div>
  );
}
