import { Check, Loader2, Search, X } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import type { AdminAffiliate, AffiliateStatus } from '#contract/affiliates.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Tabs, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { AdminFrame } from '#web/features/admin-auth/index.ts';
import { focusIfLost } from '#web/lib/focus.ts';
import { useAdminAffiliates, useSetAffiliateStatus } from '../api.ts';
import { Counter } from '../components/counter.tsx';

type Tab = AffiliateStatus | 'all';
const PAGE = 50;
const badgeFor = (status: AffiliateStatus) =>
  status === 'approved' ? 'default' : status === 'rejected' ? 'destructive' : 'secondary';

function matches(a: AdminAffiliate, q: string) {
  if (!q) return true;
  return [a.email, a.display_name, a.company_name ?? ''].some((v) => v.toLowerCase().includes(q));
}

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 whitespace-pre-wrap break-words text-sm">{value || '—'}</dd>
    </div>
  );
}

function Affiliates() {
  const affiliates = useAdminAffiliates();
  const setStatus = useSetAffiliateStatus();
  const [tab, setTab] = useState<Tab>('pending');
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState(PAGE);
  const [details, setDetails] = useState<AdminAffiliate | null>(null);
  const resultsRef = useRef<HTMLElement>(null);

  const list = affiliates.data ?? [];
  const counts = useMemo(() => {
    const c = { pending: 0, approved: 0, rejected: 0, all: list.length };
    for (const a of list) c[a.status]++;
    return c;
  }, [list]);
  const q = query.trim().toLowerCase();
  const filtered = useMemo(
    () => list.filter((a) => (tab === 'all' || a.status === tab) && matches(a, q)),
    [list, tab, q],
  );

  function decide(affiliate: AdminAffiliate, status: 'approved' | 'rejected') {
    setStatus.mutate(
      { id: affiliate.id, status },
      {
        onSuccess: (updated) => {
          toast({ title: 'Status Updated', description: 'Affiliate status has been updated successfully' });
          // The card left this tab (or lost its buttons): continue from the results.
          if (!document.querySelector('[role="dialog"]')) focusIfLost(resultsRef.current);
          setDetails((d) => (d && d.id === updated.id ? updated : d));
        },
        onError: () =>
          toast({
            variant: 'destructive',
            title: 'Update Failed',
            description: 'Failed to update affiliate status',
          }),
      },
    );
  }

  const actions = (a: AdminAffiliate) =>
    a.status === 'pending' ? (
      <>
        <Button
          size="sm"
          onClick={() => decide(a, 'approved')}
          disabled={setStatus.isPending}
          aria-label={`Approve ${a.display_name}`}
        >
          <Check aria-hidden="true" />
          Approve
        </Button>
        <Button
          size="sm"
          variant="destructive"
          onClick={() => decide(a, 'rejected')}
          disabled={setStatus.isPending}
          aria-label={`Reject ${a.display_name}`}
        >
          <X aria-hidden="true" />
          Reject
        </Button>
      </>
    ) : null;

  if (affiliates.isError)
    return (
      <p
        role="alert"
        className="mt-6 rounded-lg border border-destructive bg-background p-4 text-destructive"
      >
        Failed to fetch affiliates
      </p>
    );

  return (
    <>
      <div className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Counter label="Total Applications" value={counts.all} />
        <Counter label="Pending Review" value={counts.pending} />
        <Counter label="Approved" value={counts.approved} />
        <Counter label="Rejected" value={counts.rejected} />
      </div>
      <div className="mt-6 flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <Tabs
          value={tab}
          onValueChange={(v) => {
            setTab(v as Tab);
            setShown(PAGE);
          }}
        >
          <TabsList className="flex-wrap">
            <TabsTrigger value="pending" aria-controls="affiliate-results">
              Pending ({counts.pending})
            </TabsTrigger>
            <TabsTrigger value="approved" aria-controls="affiliate-results">
              Approved ({counts.approved})
            </TabsTrigger>
            <TabsTrigger value="rejected" aria-controls="affiliate-results">
              Rejected ({counts.rejected})
            </TabsTrigger>
            <TabsTrigger value="all" aria-controls="affiliate-results">
              All ({counts.all})
            </TabsTrigger>
          </TabsList>
        </Tabs>
        <div className="relative md:w-80">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search affiliates"
            placeholder="Search by email, name or company"
            className="pl-9"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setShown(PAGE);
            }}
          />
        </div>
      </div>
      <section id="affiliate-results" ref={resultsRef} tabIndex={-1} aria-label="Affiliate results">
        {affiliates.isPending ? (
          <div className="mt-10 flex justify-center" role="status">
            <Loader2 className="size-6 animate-spin text-primary" aria-hidden="true" />
            <span className="sr-only">Loading affiliates</span>
          </div>
        ) : filtered.length === 0 ? (
          <p className="mt-10 text-center text-muted-foreground">No affiliates found.</p>
        ) : (
          <ul className="mt-6 grid gap-4" aria-label="Affiliates">
            {filtered.slice(0, shown).map((a) => (
              <li
                key={a.id}
                className="flex flex-col gap-3 rounded-xl border border-border bg-background p-5 shadow-sm md:flex-row md:items-center md:justify-between"
                data-testid="affiliate-card"
              >
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="font-semibold">{a.display_name}</h2>
                    <Badge variant={badgeFor(a.status)} className="capitalize">
                      {a.status}
                    </Badge>
                  </div>
                  <p className="truncate text-sm text-muted-foreground">
                    {a.email}
                    {a.company_name ? ` · ${a.company_name}` : ''}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Applied {new Date(a.created_at).toLocaleDateString('en-US')}
                    {a.referral_code ? ` · Code ${a.referral_code}` : ''}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setDetails(a)}
                    aria-label={`Details for ${a.display_name}`}
                  >
                    Details
                  </Button>
                  {actions(a)}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {filtered.length > shown && (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" onClick={() => setShown((s) => s + PAGE)}>
            Show more ({filtered.length - shown} more)
          </Button>
        </div>
      )}
      <Dialog open={details !== null} onOpenChange={(open) => !open && setDetails(null)}>
        {details && (
          <DialogContent className="max-w-2xl" returnFocusFallback={() => resultsRef.current}>
            <DialogHeader>
              <DialogTitle>{details.display_name}</DialogTitle>
              <DialogDescription>Affiliate application</DialogDescription>
            </DialogHeader>
            <dl className="grid gap-4 sm:grid-cols-2">
              <Field label="Status" value={details.status} />
              <Field label="Email" value={details.email} />
              <Field label="Company" value={details.company_name} />
              <Field label="Website" value={details.website} />
              <Field label="Social Media" value={details.social_media} />
              <Field label="Audience Size" value={details.audience_size} />
              <Field label="Content Type" value={details.content_type} />
              <Field label="Referral Code" value={details.referral_code} />
              <Field label="Payout Method" value={details.payout_method} />
              <Field label="Applied" value={new Date(details.created_at).toLocaleString('en-US')} />
              <div className="sm:col-span-2">
                <Field label="Promotion Strategy" value={details.audience_description} />
              </div>
            </dl>
            {details.status === 'pending' && <div className="flex gap-2">{actions(details)}</div>}
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}

export default function AdminAffiliatesPage() {
  return (
    <AdminFrame title="Admin Dashboard">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Affiliate Applications</h1>
      <Affiliates />
    </AdminFrame>
  );
}
