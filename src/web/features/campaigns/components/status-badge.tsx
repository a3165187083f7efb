import type { CampaignStatus } from '#contract/campaigns.ts';
import { Badge } from '#web/components/ui/badge.tsx';

const variant: Record<CampaignStatus, 'default' | 'secondary' | 'outline' | 'destructive'> = {
  active: 'default',
  draft: 'outline',
  paused: 'secondary',
  archived: 'destructive',
};

export function StatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <Badge variant={variant[status]} className="capitalize">
      {status}
    </Badge>
  );
}

export function SignupBadge() {
  return <Badge variant="accent">Auto-sends on signup</Badge>;
}
