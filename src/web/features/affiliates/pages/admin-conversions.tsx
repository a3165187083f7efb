import { Download, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CONVERSION_STATUSES, type ConversionStatus, formatMoney } from '#contract/affiliates.ts';
import { Table, TableCell, TableMessage, TableRow } from '#web/components/table.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { errorToast, toast } from '#web/components/ui/use-toast.ts';
import { AdminFrame } from '#web/features/admin-auth/index.ts';
import { useKeepFocusWhileBusy } from '#web/lib/focus.ts';
import {
  downloadAdminCsv,
  useAdminConversions,
  useAdminPayouts,
  useConfirmPayout,
  useSetConversionStatus,
} from '../api.ts';
import { Counter } from '../components/counter.tsx';

/** docs/spec/product-spec.md §4: default for approved, secondary for paid, destructive for cancelled, outline otherwise. */
const badgeFor = (status: string) =>
  status === 'approved'
    ? 'default'
    : status === 'paid'
      ? 'secondary'
      : status === 'cancelled'
        ? 'destructive'
        : 'outline';

/** docs/spec/product-spec.md §4: the row's dropdown, disabled while that row updates (and focused again afterwards). */
function StatusSelect({
  id,
  status,
  busy,
  onChange,
}: {
  id: number;
  status: ConversionStatus;
  busy: boolean;
  onChange: (status: ConversionStatus) => void;
}) {
  const keepFocus = useKeepFocusWhileBusy(busy);
  return (
    <div className="w-32">
      <Select
        aria-label={`Status of conversion ${id}`}
        value={status}
        disabled={busy}
        onChange={(e) => onChange(e.target.value as ConversionStatus)}
        className="h-9"
        {...keepFocus}
      >
        {CONVERSION_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
    </div>
  );
}

function Conversions() {
  const conversions = useAdminConversions();
  const payouts = useAdminPayouts();
  const setStatus = useSetConversionStatus();
  const confirm = useConfirmPayout();
  const [updating, setUpdating] = useState<Set<number>>(new Set());

  useEffect(() => {
    if (conversions.isError) errorToast('Failed to load conversions');
  }, [conversions.isError]);

  const list = conversions.data ?? [];
  const revenue = list.reduce((s, c) => s + c.order_value, 0);
  const pending = list
    .filter((c) => c.status === 'pending' || c.status === 'approved')
    .reduce((s, c) => s + c.commission_amount, 0);
  const sales = list.filter((c) => c.conversion_type !== 'refund_adjustment');
  const average = sales.length ? sales.reduce((s, c) => s + c.order_value, 0) / sales.length : 0;
  const due = (payouts.data ?? []).filter((p) => p.status === 'due');

  function change(id: number, status: ConversionStatus) {
    setUpdating((s) => new Set(s).add(id));
    setStatus.mutate(
      { id, status },
      {
        onSuccess: () => toast({ title: 'Success', description: `Conversion status updated to ${status}` }),
        onError: () => errorToast('Failed to update conversion status'),
        onSettled: () =>
          setUpdating((s) => {
            const next = new Set(s);
            next.delete(id);
            return next;
          }),
      },
    );
  }

  async function exportCsv(url: string, name: string) {
    try {
      await downloadAdminCsv(url, name);
    } catch {
      errorToast('Failed to export');
    }
  }

  return (
    <>
      <div className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Counter label="Total Conversions" value={sales.length} />
        <Counter label="Total Revenue" value={formatMoney(revenue)} />
        <Counter label="Pending Commissions" value={formatMoney(pending)} />
        <Counter label="Average Order Value" value={formatMoney(average)} />
      </div>
      <div className="mt-6 flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() => void exportCsv('/api/admin/conversions/export.csv', 'conversions.csv')}
        >
          <Download aria-hidden="true" />
          Export Conversions (CSV)
        </Button>
        <Button
          variant="outline"
          onClick={() => void exportCsv('/api/admin/payouts/export.csv', 'due-payouts.csv')}
        >
          <Download aria-hidden="true" />
          Export Due Payouts (CSV)
        </Button>
      </div>
      <Table
        label="Conversions table"
        minWidth="min-w-[760px]"
        className="mt-6"
        columns={[
          { label: 'Date' },
          { label: 'Affiliate' },
          { label: 'Customer' },
          { label: 'Type' },
          { label: 'Order Value', align: 'right' },
          { label: 'Commission', align: 'right' },
          { label: 'Status' },
        ]}
      >
        {conversions.isPending ? (
          <TableMessage columns={7} className="py-10">
            <Loader2 className="mx-auto size-6 animate-spin text-primary" aria-label="Loading conversions" />
          </TableMessage>
        ) : list.length === 0 ? (
          <TableMessage columns={7} className="py-10 text-muted-foreground">
            No conversions yet.
          </TableMessage>
        ) : (
          list.map((c) => (
            <TableRow key={c.id} data-testid="conversion-row">
              <TableCell className="whitespace-nowrap">
                {new Date(c.created_at).toLocaleDateString('en-US')}
              </TableCell>
              <TableCell>
                <div className="font-medium">{c.affiliates.display_name}</div>
                <div className="text-xs text-muted-foreground">{c.affiliates.referral_code}</div>
              </TableCell>
              <TableCell>{c.customer_email}</TableCell>
              <TableCell>{c.conversion_type}</TableCell>
              <TableCell className="text-right tabular-nums">{formatMoney(c.order_value)}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatMoney(c.commission_amount)}
                <div className="text-xs text-muted-foreground">{c.commission_rate}%</div>
              </TableCell>
              <TableCell>
                <div className="flex items-center gap-2">
                  <Badge variant={badgeFor(c.status)} className="capitalize">
                    {c.status}
                  </Badge>
                  <StatusSelect
                    id={c.id}
                    status={c.status}
                    busy={updating.has(c.id)}
                    onChange={(status) => change(c.id, status)}
                  />
                </div>
              </TableCell>
            </TableRow>
          ))
        )}
      </Table>
      <section aria-labelledby="due-payouts" className="mt-10">
        <h2 id="due-payouts" className="text-xl font-bold">
          Due Payouts
        </h2>
        <p className="text-sm text-muted-foreground">
          Created on the 1st of each month from approved balances of $50 or more. Confirm once the money is
          sent: the commissions become paid and the affiliate is e-mailed.
        </p>
        {due.length === 0 ? (
          <p className="mt-4 text-sm text-muted-foreground">No payouts are due.</p>
        ) : (
          <ul className="mt-4 grid gap-3">
            {due.map((p) => (
              <li
                key={p.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-background p-4"
              >
                <div>
                  <p className="font-medium">
                    {p.display_name} · {formatMoney(p.amount)}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {p.email} · {p.payout_method ?? 'no method set'} · period {p.period}
                  </p>
                </div>
                <Button
                  size="sm"
                  disabled={confirm.isPending}
                  onClick={() =>
                    confirm.mutate(p.id, {
                      onSuccess: () =>
                        toast({
                          title: 'Payout Confirmed',
                          description: `${formatMoney(p.amount)} to ${p.display_name}`,
                        }),
                      onError: () => errorToast('Failed to confirm payout'),
                    })
                  }
                >
                  Mark as Paid
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export default function AdminConversionsPage() {
  return (
    <AdminFrame title="Admin Dashboard">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Conversions</h1>
      <Conversions />
    </AdminFrame>
  );
}
