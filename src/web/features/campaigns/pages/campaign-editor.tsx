import { ArrowLeft, Loader2, Mail, MessageSquare, Pencil, Plus, Save, Trash2 } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import {
  CAMPAIGN_NAME_REQUIRED,
  CAMPAIGN_STATUSES,
  type Campaign,
  type CampaignStatus,
  type CampaignStep,
  canChangeStatus,
  TRANSFORM_OPTIONS,
} from '#contract/campaigns.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '#web/components/ui/card.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Select } from '#web/components/ui/select.tsx';
import { errorToast, toast } from '#web/components/ui/use-toast.ts';
import { AdminFrame } from '#web/features/admin-auth/index.ts';
import { errorMessage } from '#web/lib/api.ts';
import { focusIfLost } from '#web/lib/focus.ts';
import { autoSendsOnSignup, useCampaign, useDeleteStep, useSaveCampaign, useSteps } from '../api.ts';
import { SmsCounter } from '../components/sms-counter.tsx';
import { SignupBadge, StatusBadge } from '../components/status-badge.tsx';
import { StepDialog } from '../components/step-dialog.tsx';
import { TestSmsDialog } from '../components/test-sms-dialog.tsx';

export default function CampaignEditorPage() {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  return (
    <AdminFrame title="Campaign">
      {Number.isSafeInteger(id) && id > 0 ? <Editor id={id} /> : <Missing />}
    </AdminFrame>
  );
}

function Missing() {
  return (
    <div className="grid gap-4">
      <BackLink />
      <p role="alert">Campaign not found.</p>
    </div>
  );
}

function BackLink() {
  return (
    <Link
      href="/campaigns"
      className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Campaigns
    </Link>
  );
}

interface Settings {
  name: string;
  description: string;
  pauseOnResponse: boolean;
  shareWithEveryone: boolean;
  status: CampaignStatus;
}
const settingsOf = (c: Campaign): Settings => ({
  name: c.name,
  description: c.description,
  pauseOnResponse: c.pauseOnResponse,
  shareWithEveryone: c.shareWithEveryone,
  status: c.status,
});

function Editor({ id }: { id: number }) {
  const campaign = useCampaign(id);
  const steps = useSteps(id);
  const [settings, setSettings] = useState<Settings | null>(null);
  useEffect(() => {
    if (campaign.data) setSettings(settingsOf(campaign.data));
  }, [campaign.data]);

  const save = useSaveCampaign(id);

  if (campaign.isPending || (!settings && !campaign.isError))
    return <p className="text-sm text-muted-foreground">Loading campaign...</p>;
  if (campaign.isError || !campaign.data || !settings)
    return (
      <div className="grid gap-4">
        <BackLink />
        <p role="alert" className="text-destructive">
          {errorMessage(campaign.error, 'Failed to load campaign')}
        </p>
      </div>
    );

  const data = campaign.data;
  const dirty = JSON.stringify(settings) !== JSON.stringify(settingsOf(data));
  const firstSms = steps.data?.find((s) => s.message_type === 'sms')?.text_content ?? '';

  function onSave() {
    if (!settings) return;
    if (!settings.name.trim()) {
      errorToast(CAMPAIGN_NAME_REQUIRED);
      return;
    }
    save.mutate(settings, {
      onSuccess: () => toast({ title: 'Campaign saved', description: 'Your settings have been saved.' }),
      onError: (error) => errorToast(errorMessage(error, 'Failed to save campaign')),
    });
  }

  return (
    <div className="grid gap-6">
      <BackLink />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold tracking-tight">{data.name}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <StatusBadge status={data.status} />
            {autoSendsOnSignup(data) && <SignupBadge />}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <TestSmsDialog campaignId={id} defaultMessage={firstSms} />
          <Button
            variant="outline"
            disabled={!dirty || save.isPending}
            onClick={() => setSettings(settingsOf(data))}
          >
            Cancel
          </Button>
          <Button onClick={onSave} disabled={save.isPending}>
            {save.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Save aria-hidden="true" />
            )}
            Save
          </Button>
        </div>
      </div>

      <SettingsCard settings={settings} current={data.status} onChange={setSettings} />
      <StepsCard campaignId={id} steps={steps.data} loading={steps.isPending} error={steps.error} />
      <TransformCard />
    </div>
  );
}

function Toggle({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 accent-primary"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-hint`}
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}

function SettingsCard({
  settings,
  current,
  onChange,
}: {
  settings: Settings;
  current: CampaignStatus;
  onChange: (s: Settings) => void;
}) {
  const id = useId();
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) =>
    onChange({ ...settings, [key]: value });
  return (
    <Card>
      <CardTitle>Campaign Settings</CardTitle>
      <CardDescription className="mt-1">Saved on the server when you press Save.</CardDescription>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>Campaign name</Label>
          <Input
            id={`${id}-name`}
            value={settings.name}
            maxLength={200}
            onChange={(e) => set('name', e.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <Select
            id={`${id}-status`}
            value={settings.status}
            onChange={(e) => set('status', e.target.value as CampaignStatus)}
          >
            {CAMPAIGN_STATUSES.filter((s) => canChangeStatus(current, s)).map((s) => (
              <option key={s} value={s}>
                {s[0]!.toUpperCase() + s.slice(1)}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-2 sm:col-span-2">
          <Label htmlFor={`${id}-description`}>Description</Label>
          <Textarea
            id={`${id}-description`}
            rows={2}
            value={settings.description}
            maxLength={2000}
            onChange={(e) => set('description', e.target.value)}
          />
        </div>
        <Toggle
          id={`${id}-pause`}
          label="Pause on response"
          hint="Stop this campaign for a contact who replies to an SMS."
          checked={settings.pauseOnResponse}
          onChange={(v) => set('pauseOnResponse', v)}
        />
        <Toggle
          id={`${id}-share`}
          label="Share with everyone"
          hint="Let every admin see and edit this campaign."
          checked={settings.shareWithEveryone}
          onChange={(v) => set('shareWithEveryone', v)}
        />
      </div>
    </Card>
  );
}

function StepsCard({
  campaignId,
  steps,
  loading,
  error,
}: {
  campaignId: number;
  steps: CampaignStep[] | undefined;
  loading: boolean;
  error: unknown;
}) {
  const [dialog, setDialog] = useState<{ open: boolean; step: CampaignStep | null }>({
    open: false,
    step: null,
  });
  const stepsRef = useRef<HTMLOListElement>(null);
  const nextSequence = (steps?.reduce((max, s) => Math.max(max, s.sequence_number), 0) ?? 0) + 1;
  const remove = useDeleteStep(campaignId);
  const removeStep = (stepId: number) =>
    remove.mutate(stepId, {
      onSuccess: () => {
        toast({ title: 'Message deleted successfully' });
        // The deleted step took the focused button with it: continue from the list.
        focusIfLost(stepsRef.current);
      },
      onError: () => errorToast('Failed to delete message'),
    });

  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Campaign Steps</CardTitle>
          <CardDescription className="mt-1">E-mail and SMS messages, in sequence.</CardDescription>
        </div>
        <Button onClick={() => setDialog({ open: true, step: null })}>
          <Plus aria-hidden="true" />
          Add Step
        </Button>
      </div>
      <ol ref={stepsRef} tabIndex={-1} className="mt-5 grid gap-3" aria-label="Steps">
        {loading && <li className="text-sm text-muted-foreground">Loading steps...</li>}
        {error ? (
          <li role="alert" className="text-sm text-destructive">
            {errorMessage(error, 'Failed to load steps')}
          </li>
        ) : null}
        {steps?.length === 0 && (
          <li className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            No steps yet. Add the first message.
          </li>
        )}
        {steps?.map((step) => (
          <StepItem key={step.id} step={step}>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Edit step ${step.sequence_number}`}
              onClick={() => setDialog({ open: true, step })}
            >
              <Pencil aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete step ${step.sequence_number}`}
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm('Are you sure you want to delete this message?')) removeStep(step.id);
              }}
            >
              <Trash2 className="text-destructive" aria-hidden="true" />
            </Button>
          </StepItem>
        ))}
      </ol>
      <StepDialog
        campaignId={campaignId}
        open={dialog.open}
        step={dialog.step}
        nextSequence={nextSequence}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
      />
    </Card>
  );
}

function StepItem({ step, children }: { step: CampaignStep; children: ReactNode }) {
  const isEmail = step.message_type === 'email';
  return (
    <li
      data-testid="campaign-step"
      className="flex items-start gap-3 rounded-lg border border-border p-3 sm:p-4"
    >
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-sm font-semibold">
        {step.sequence_number}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline" className="gap-1">
            {isEmail ? (
              <Mail className="size-3" aria-hidden="true" />
            ) : (
              <MessageSquare className="size-3" aria-hidden="true" />
            )}
            {isEmail ? 'Email' : 'SMS'}
          </Badge>
          <span className="text-xs text-muted-foreground">
            {step.delay_days === 0
              ? 'Immediately'
              : `After ${step.delay_days} ${step.delay_days === 1 ? 'day' : 'days'}`}
          </span>
        </div>
        {isEmail && <p className="mt-1.5 break-words font-medium">{step.subject}</p>}
        <p className="mt-1 line-clamp-2 whitespace-pre-line break-words text-sm text-muted-foreground">
          {step.text_content}
        </p>
        {!isEmail && (
          <div className="mt-1">
            <SmsCounter text={step.text_content} />
          </div>
        )}
      </div>
      <div className="flex shrink-0 gap-1">{children}</div>
    </li>
  );
}

function TransformCard() {
  return (
    <Card>
      <CardTitle>Transform</CardTitle>
      <CardDescription className="mt-1">Turn this campaign into other formats.</CardDescription>
      <ul className="mt-4 flex flex-wrap gap-2" aria-label="Transform options">
        {TRANSFORM_OPTIONS.map((option) => (
          <li key={option}>
            <Button
              variant="outline"
              size="sm"
              disabled
              aria-describedby={`soon-${option.replace(/\s/g, '-')}`}
            >
              {option}
              <Badge
                id={`soon-${option.replace(/\s/g, '-')}`}
                variant="secondary"
                className="ml-1 px-1.5 py-0 text-[10px]"
              >
                Soon
              </Badge>
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
