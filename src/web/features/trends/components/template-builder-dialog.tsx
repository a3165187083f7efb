import { Copy, Loader2, Sparkles } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { GENERATE_DELAY_MS, templateText } from '#contract/trend-display.ts';
import type { Trend } from '#contract/trends.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { errorToast, toast } from '#web/components/ui/use-toast.ts';

/** docs/spec/product-spec.md §2: the skeleton, an editable twist, copy template and a 'Generate Content' placeholder. */
export function TemplateBuilderDialog({
  trend,
  idea,
  onClose,
}: {
  trend: Trend | null;
  idea: string;
  onClose: () => void;
}) {
  const [twist, setTwist] = useState(idea);
  const [generating, setGenerating] = useState(false);
  const twistId = useId();
  useEffect(() => setTwist(idea), [idea]);
  useEffect(() => {
    if (!generating) return;
    const timer = setTimeout(() => {
      setGenerating(false);
      toast({ title: 'Content Generation', description: 'This feature will be available soon!' });
    }, GENERATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [generating]);

  async function copy() {
    if (!trend?.skeleton) return;
    try {
      await navigator.clipboard.writeText(templateText(trend.skeleton, twist));
      toast({ title: 'Template Copied', description: 'Content template copied to clipboard' });
    } catch {
      errorToast('Could not copy to the clipboard');
    }
  }

  return (
    <Dialog open={trend !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Content Template Builder</DialogTitle>
          <DialogDescription>Keep the trend's structure and make it yours with a twist.</DialogDescription>
        </DialogHeader>
        <section aria-label="Skeleton" className="grid gap-2">
          <h3 className="text-sm font-semibold">Skeleton</h3>
          <pre className="max-h-64 overflow-y-auto whitespace-pre-wrap rounded-lg bg-muted p-3 font-sans text-sm leading-relaxed">
            {trend?.skeleton}
          </pre>
        </section>
        <div className="grid gap-2">
          <Label htmlFor={twistId}>Your Twist</Label>
          <Textarea id={twistId} rows={3} value={twist} onChange={(e) => setTwist(e.target.value)} />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={copy} disabled={!trend?.skeleton}>
            <Copy aria-hidden="true" />
            Copy Template
          </Button>
          <Button onClick={() => setGenerating(true)} disabled={generating}>
            {generating ? (
              <>
                <Loader2 className="animate-spin" aria-hidden="true" />
                Generating...
              </>
            ) : (
              <>
                <Sparkles aria-hidden="true" />
                Generate Content
              </>
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
