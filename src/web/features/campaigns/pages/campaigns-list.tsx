import { Loader2, Mail, Plus, Upload, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { type ContactsImportResponse, createCampaignSchema } from '#contract/campaigns.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '#web/components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { errorToast, toast } from '#web/components/ui/use-toast.ts';
import { AdminFrame } from '#web/features/admin-auth/index.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useKeepFocusWhileBusy } from '#web/lib/focus.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { autoSendsOnSignup, useCampaigns, useCreateCampaign, useImportContacts } from '../api.ts';
import { SignupBadge, StatusBadge } from '../components/status-badge.tsx';

export default function CampaignsListPage() {
  return (
    <AdminFrame title="Campaigns">
      <CampaignsList />
    </AdminFrame>
  );
}

function CampaignsList() {
  const campaigns = useCampaigns();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Campaigns"
        description="Sequenced e-mail and SMS steps for your waitlist and contacts."
        actions={<ImportContactsDialog />}
      />
      <CreateCampaignCard />
      <section aria-label="Campaign list" className="grid gap-3">
        {campaigns.isPending && <p className="text-sm text-muted-foreground">Loading campaigns...</p>}
        {campaigns.isError && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(campaigns.error, 'Failed to load campaigns')}
          </p>
        )}
        {campaigns.data?.length === 0 && <p className="text-sm text-muted-foreground">No campaigns yet.</p>}
        {campaigns.data?.map((campaign) => (
          <Card key={campaign.id} className="p-4 sm:p-5">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <CardTitle>
                  <Link href={`/campaigns/${campaign.id}`} className="hover:underline">
                    {campaign.name}
                  </Link>
                </CardTitle>
                {campaign.description && (
                  <CardDescription className="mt-1">{campaign.description}</CardDescription>
                )}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {autoSendsOnSignup(campaign) && <SignupBadge />}
                <StatusBadge status={campaign.status} />
              </div>
            </div>
            <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
              <span className="inline-flex items-center gap-1">
                <Mail className="size-3.5" aria-hidden="true" />
                {campaign.step_count} {campaign.step_count === 1 ? 'step' : 'steps'}
              </span>
              <span className="inline-flex items-center gap-1">
                <Users className="size-3.5" aria-hidden="true" />
                {campaign.enrolled_count} enrolled
              </span>
              <span>Created {new Date(campaign.created_at).toLocaleDateString()}</span>
            </p>
          </Card>
        ))}
      </section>
    </div>
  );
}

function CreateCampaignCard() {
  const id = useId();
  const [, navigate] = useLocation();
  const { values, field, handleSubmit, formRef } = useZodForm(createCampaignSchema, {
    name: '',
    description: '',
  });
  const create = useCreateCampaign();

  const keepFocus = useKeepFocusWhileBusy(create.isPending);

  // What is missing (the name) is said in a toast; the server is sent the fields as typed.
  const onSubmit = handleSubmit(
    () => createCampaign(),
    (errors) => errorToast(errors.name ?? errors.description ?? ''),
  );

  function createCampaign() {
    create.mutate(
      { name: values.name, description: values.description },
      {
        onSuccess: (campaign) => {
          toast({ title: 'Campaign created successfully' });
          navigate(`/campaigns/${campaign.id}`);
        },
        onError: (error) => errorToast(errorMessage(error, 'Failed to create campaign')),
      },
    );
  }

  return (
    <Card>
      <CardTitle>New campaign</CardTitle>
      <form
        ref={formRef}
        onSubmit={onSubmit}
        aria-label="Create campaign"
        className="mt-4 grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
        noValidate
      >
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>Campaign name</Label>
          <Input id={`${id}-name`} maxLength={200} {...field('name')} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-description`}>Description</Label>
          <Input id={`${id}-description`} maxLength={2000} {...field('description')} />
        </div>
        <Button type="submit" disabled={create.isPending} {...keepFocus}>
          {create.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Plus aria-hidden="true" />
          )}
          Create Campaign
        </Button>
      </form>
    </Card>
  );
}

function ImportContactsDialog() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<ContactsImportResponse | null>(null);
  const importCsv = useImportContacts();
  const runImport = () =>
    importCsv.mutate(csv, {
      onSuccess: (data) => {
        setResult(data);
        toast({
          title: 'Contacts imported',
          description: `${data.imported} new, ${data.updated} updated, ${data.skipped.length} skipped.`,
        });
      },
      onError: (error) => errorToast(errorMessage(error, 'Failed to import contacts')),
    });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setResult(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <Upload aria-hidden="true" />
          Import contacts
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Import contacts (CSV)</DialogTitle>
          <DialogDescription>
            Columns: name, email, phone, sms_consent, time_zone. SMS go only to rows whose sms_consent is
            &lsquo;yes&rsquo;; phones in international format (+14155550100).
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-csv`}>CSV</Label>
          <Textarea
            id={`${id}-csv`}
            rows={6}
            className="font-mono text-xs md:text-xs"
            placeholder={
              'name,email,phone,sms_consent,time_zone\nAda,ada@example.com,+14155550100,yes,Europe/London'
            }
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
          />
        </div>
        {result && (
          <div role="status" className="text-sm">
            {result.imported} new, {result.updated} updated.
            {result.skipped.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-xs text-muted-foreground">
                {result.skipped.slice(0, 10).map((s) => (
                  <li key={s.line}>
                    Line {s.line}: {s.reason}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setOpen(false)}>
            Close
          </Button>
          <Button type="button" disabled={!csv.trim() || importCsv.isPending} onClick={runImport}>
            {importCsv.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            Import
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
