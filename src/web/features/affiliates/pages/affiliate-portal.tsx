import {
  DollarSign,
  Download,
  Link2,
  Loader2,
  LogOut,
  MousePointerClick,
  Repeat,
  ShoppingCart,
  TrendingUp,
  Wallet,
} from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import {
  formatMoney,
  type MeResponse,
  PAYOUT_METHODS,
  payoutMethodLabel,
  payoutSettingsSchema,
} from '#contract/affiliates.ts';
import { SUPPORT_EMAIL } from '#contract/brand.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '#web/components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { FieldError, Label } from '#web/components/ui/label.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { errorToast, toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useKeepFocusWhileBusy } from '#web/lib/focus.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { logoutAffiliate, useAffiliateToken, useMe, useUpdatePayoutSettings } from '../api.ts';
import { CopyButton } from '../components/copy-button.tsx';
import { PageShell } from '../components/page-shell.tsx';

function Centered({ children }: { children: ReactNode }) {
  return <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">{children}</div>;
}

function AuthRequired() {
  return (
    <Centered>
      <h1 className="text-2xl font-extrabold tracking-tight">Authentication Required</h1>
      <p className="mt-3 text-muted-foreground">Please log in to access your affiliate dashboard.</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link href="/affiliate-login">Go to Login</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/affiliate">Back to Affiliate Program</Link>
        </Button>
        <Button variant="ghost" onClick={() => window.location.reload()}>
          Refresh Status
        </Button>
      </div>
    </Centered>
  );
}

function StatusView({ me }: { me: MeResponse }) {
  const pending = me.affiliate.status === 'pending';
  return (
    <Centered>
      <h1 className="text-2xl font-extrabold tracking-tight">Application Status</h1>
      <p className="mt-2 text-muted-foreground">Hi {me.affiliate.display_name}</p>
      <Badge variant={pending ? 'default' : 'destructive'} className="mt-4 capitalize">
        {me.affiliate.status}
      </Badge>
      <p className="mt-4">
        {pending
          ? "Your application is under review. We'll get back to you within 2-3 business days."
          : 'Your application was not approved at this time. Please contact support for more information.'}
      </p>
      <p className="mt-2 text-sm text-muted-foreground">
        Support:{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="text-primary hover:underline">
          {SUPPORT_EMAIL}
        </a>
      </p>
      <Button variant="outline" className="mt-8" onClick={() => window.location.reload()}>
        Refresh Status
      </Button>
    </Centered>
  );
}

function Stat({ icon: Icon, label, value }: { icon: typeof DollarSign; label: string; value: string }) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between text-sm font-medium text-muted-foreground">
        {label}
        <Icon className="size-4" aria-hidden="true" />
      </div>
      <p className="mt-2 text-2xl font-bold" data-testid={`stat-${label.toLowerCase().replaceAll(' ', '-')}`}>
        {value}
      </p>
    </Card>
  );
}

function payoutAccount(details: string | null): string {
  if (!details) return '';
  try {
    return String(JSON.parse(details).account ?? '');
  } catch {
    return '';
  }
}

function PayoutSettingsDialog({
  me,
  open,
  onOpenChange,
}: {
  me: MeResponse;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const id = useId();
  const update = useUpdatePayoutSettings();
  const keepFocus = useKeepFocusWhileBusy(update.isPending);
  const { errors, field, handleSubmit, formRef } = useZodForm(payoutSettingsSchema, {
    payout_method: me.affiliate.payout_method ?? '',
    payout_details: payoutAccount(me.affiliate.payout_details),
  });
  const onSubmit = handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Payout Settings Updated', description: 'Your payout settings have been saved.' });
        onOpenChange(false);
      },
      onError: (error) => errorToast(errorMessage(error, 'Failed to update payout settings')),
    }),
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Update Payout Settings</DialogTitle>
          <DialogDescription>Where we send your monthly payouts.</DialogDescription>
        </DialogHeader>
        <form
          ref={formRef}
          onSubmit={onSubmit}
          noValidate
          className="grid gap-4"
          aria-label="Payout settings"
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-method`}>Payout method</Label>
            <Select
              id={`${id}-method`}
              placeholder="Choose a method"
              disabled={update.isPending}
              {...field('payout_method')}
            >
              {PAYOUT_METHODS.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </Select>
            <FieldError id={`${id}-method-error`} message={errors.payout_method} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-details`}>Payout account (e-mail or account ID)</Label>
            <Input id={`${id}-details`} disabled={update.isPending} {...field('payout_details')} />
            <FieldError id={`${id}-details-error`} message={errors.payout_details} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending} {...keepFocus}>
              {update.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {update.isPending ? 'Saving...' : 'Save Settings'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const CREATIVES = [
  { href: '/creative/echo-logo.svg', title: 'Echo logo', size: '400 × 120, SVG' },
  { href: '/creative/echo-banner-728x90.svg', title: 'Leaderboard banner', size: '728 × 90, SVG' },
  { href: '/creative/echo-banner-1200x628.svg', title: 'Social banner', size: '1200 × 628, SVG' },
];

function Dashboard({ me }: { me: MeResponse }) {
  const [payoutOpen, setPayoutOpen] = useState(false);
  const { affiliate, stats } = me;
  const link = affiliate.referral_link ?? `${window.location.origin}/`;
  const hasCode = Boolean(affiliate.referral_code);
  const social = `I've been using Echo to turn my voice notes into blog posts, social posts and clips. Join the waitlist: ${link}`;
  const emailTemplate = `Subject: The easiest way I've found to create content\n\nHi there,\n\nI wanted to share Echo, a voice-first assistant that turns your voice notes and videos into blog posts, social media kits and short clips, in your own voice.\n\nYou can join the waitlist here: ${link}\n\n(Disclosure: I earn a commission if you subscribe through this link.)\n\nBest,\n${affiliate.display_name}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">
        Welcome back, {affiliate.display_name}!
      </h1>
      <p className="mt-1 text-muted-foreground">Here's how your referrals are doing.</p>
      <div className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat
          icon={MousePointerClick}
          label="Total Clicks"
          value={stats.total_clicks.toLocaleString('en-US')}
        />
        <Stat
          icon={ShoppingCart}
          label="Conversions"
          value={stats.total_conversions.toLocaleString('en-US')}
        />
        <Stat icon={TrendingUp} label="Pending Commissions" value={formatMoney(stats.pending_commissions)} />
        <Stat icon={DollarSign} label="Total Earned" value={formatMoney(stats.paid_commissions)} />
      </div>
      <Tabs defaultValue="overview" className="mt-8">
        <TabsList className="flex w-full flex-wrap sm:w-auto">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="links">Links & Tools</TabsTrigger>
          <TabsTrigger value="payouts">Payouts</TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="grid gap-6">
          <Card>
            <CardTitle className="flex items-center gap-2">
              <Link2 className="size-5 text-primary" aria-hidden="true" />
              Your Referral Link
            </CardTitle>
            <div className="mt-4 flex flex-col gap-2 sm:flex-row">
              <Input
                readOnly
                aria-label="Referral link"
                value={hasCode ? link : 'Generating your referral code...'}
                className="font-mono"
              />
              <CopyButton
                text={link}
                label="Copy referral link"
                toastTitle="Link Copied"
                disabled={!hasCode}
              />
            </div>
            <CardDescription className="mt-3">
              Visitors who click your link are tracked for 90 days. You're earning {affiliate.commission_rate}
              % with {affiliate.active_referrals} active referral{affiliate.active_referrals === 1 ? '' : 's'}
              .
            </CardDescription>
          </Card>
          <div className="grid gap-4 md:grid-cols-3">
            <Card>
              <Repeat className="size-6 text-primary" aria-hidden="true" />
              <CardTitle className="mt-3">20% Recurring</CardTitle>
              <CardDescription className="mt-1">
                On every payment while your referral stays subscribed.
              </CardDescription>
            </Card>
            <Card>
              <TrendingUp className="size-6 text-primary" aria-hidden="true" />
              <CardTitle className="mt-3">30% at 20 Referrals</CardTitle>
              <CardDescription className="mt-1">
                Reach 20 active referrals to earn 30% on new payments.
              </CardDescription>
            </Card>
            <Card>
              <Wallet className="size-6 text-primary" aria-hidden="true" />
              <CardTitle className="mt-3">$50 Minimum</CardTitle>
              <CardDescription className="mt-1">
                Paid monthly on the 1st; smaller balances carry over.
              </CardDescription>
            </Card>
          </div>
        </TabsContent>
        <TabsContent value="links" className="grid gap-6">
          <Card>
            <div className="flex items-center justify-between gap-2">
              <CardTitle>Social Media Post</CardTitle>
              <CopyButton
                text={social}
                label="Copy social media post"
                toastTitle="Copied"
                disabled={!hasCode}
              />
            </div>
            <Textarea readOnly rows={3} className="mt-3" aria-label="Social media post" value={social} />
          </Card>
          <Card>
            <div className="flex items-center justify-between gap-2">
              <CardTitle>Email Template</CardTitle>
              <CopyButton
                text={emailTemplate}
                label="Copy email template"
                toastTitle="Copied"
                disabled={!hasCode}
              />
            </div>
            <Textarea readOnly rows={10} className="mt-3" aria-label="Email template" value={emailTemplate} />
          </Card>
          <Card>
            <CardTitle>Creative Kit</CardTitle>
            <CardDescription className="mt-1">
              Logo and banners, ready to use. Please don't alter the logo.
            </CardDescription>
            <ul className="mt-4 grid gap-4 sm:grid-cols-3">
              {CREATIVES.map((c) => (
                <li key={c.href} className="rounded-lg border border-border p-3">
                  <img src={c.href} alt={c.title} className="h-24 w-full rounded bg-muted object-contain" />
                  <p className="mt-2 text-sm font-medium">{c.title}</p>
                  <p className="text-xs text-muted-foreground">{c.size}</p>
                  <Button asChild variant="outline" size="sm" className="mt-2 w-full">
                    <a href={c.href} download>
                      <Download aria-hidden="true" />
                      Download {c.title}
                    </a>
                  </Button>
                </li>
              ))}
            </ul>
          </Card>
        </TabsContent>
        <TabsContent value="payouts" className="grid gap-6">
          <Card>
            <CardTitle>Payout Settings</CardTitle>
            <dl className="mt-4 grid gap-4 sm:grid-cols-2">
              <div>
                <dt className="text-sm text-muted-foreground">Current method</dt>
                <dd className="font-medium" data-testid="payout-method">
                  {payoutMethodLabel(affiliate.payout_method)}
                  {payoutAccount(affiliate.payout_details)
                    ? ` (${payoutAccount(affiliate.payout_details)})`
                    : ''}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">Minimum payout</dt>
                <dd className="font-medium">$50.00</dd>
              </div>
            </dl>
            <Button className="mt-6" onClick={() => setPayoutOpen(true)}>
              Update Payout Settings
            </Button>
          </Card>
          <Card>
            <CardTitle>Payout Schedule</CardTitle>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
              <li>Payouts are made monthly on the 1st for the previous month's earnings.</li>
              <li>Commissions are approved after a 30-day holding period (refunds reduce them).</li>
              <li>Balances under $50 carry over to the next month.</li>
              <li>We e-mail you when a payout is sent. Methods: Stripe, PayPal or Wise.</li>
            </ul>
          </Card>
          {payoutOpen && <PayoutSettingsDialog me={me} open={payoutOpen} onOpenChange={setPayoutOpen} />}
        </TabsContent>
      </Tabs>
    </div>
  );
}

export default function AffiliatePortalPage() {
  const token = useAffiliateToken();
  const me = useMe(token);
  const [, navigate] = useLocation();
  const signOut = token ? (
    <Button
      variant="outline"
      size="sm"
      onClick={async () => {
        await logoutAffiliate();
        navigate('/affiliate-login');
      }}
    >
      <LogOut aria-hidden="true" />
      Sign out
    </Button>
  ) : null;

  let body: ReactNode;
  if (!token || me.isError || (me.isSuccess && !me.data?.affiliate)) body = <AuthRequired />;
  else if (me.isPending)
    body = (
      <Centered>
        <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
        <p className="mt-3 text-muted-foreground" role="status">
          Loading your dashboard...
        </p>
      </Centered>
    );
  else if (me.data.affiliate.status !== 'approved') body = <StatusView me={me.data} />;
  else body = <Dashboard me={me.data} />;

  return (
    <PageShell
      title="Affiliate Portal"
      back={{ href: '/affiliate', label: 'Affiliate Program' }}
      actions={signOut}
    >
      {body}
    </PageShell>
  );
}
