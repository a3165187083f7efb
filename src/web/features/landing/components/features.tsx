import { ArrowRight, FileText, Lightbulb, type LucideIcon, Mic, Scissors, Share2, Video } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { carryToStudio } from '#web/lib/studio-carry.ts';

type FeatureTab = 'video' | 'voice' | 'social';

const TABS: ReadonlyArray<{
  value: FeatureTab;
  label: string;
  icon: LucideIcon;
  title: string;
  description: string;
}> = [
  {
    value: 'video',
    label: 'Upload Video',
    icon: Video,
    title: 'Turn any recording into a week of content',
    description: 'Car rant, workshop, or Zoom call — Echo finds the gold.',
  },
  {
    value: 'voice',
    label: 'Voice Note',
    icon: Mic,
    title: 'Think out loud, post in your voice',
    description: 'Half-baked thought? Perfect starting point.',
  },
  {
    value: 'social',
    label: 'Social Import',
    icon: Share2,
    title: 'Start from posts that already work',
    description:
      "Bring in your own posts so Echo learns how you write, or repurpose someone else's video into something that sounds like you.",
  },
];

const OUTPUTS: ReadonlyArray<{ title: string; description: string; icon: LucideIcon }> = [
  { title: 'SEO Blog Post', description: 'A long-form article optimised for search.', icon: FileText },
  {
    title: 'Social Media Kit',
    description: 'LinkedIn posts, tweet threads and Instagram carousels.',
    icon: Share2,
  },
  { title: 'Viral Clips', description: 'Short clips with captions, branding and hooks.', icon: Scissors },
];

function Outputs({ stacked }: { stacked: boolean }) {
  return (
    <div>
      <p className="text-sm font-semibold uppercase tracking-wider text-muted-foreground">You get</p>
      <ul className={cn('mt-3 grid gap-3', !stacked && 'sm:grid-cols-3')}>
        {OUTPUTS.map(({ title, description, icon: Icon }) => (
          <li
            key={title}
            className="flex items-start gap-3 rounded-xl border border-border bg-background p-4"
          >
            <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-secondary text-primary">
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <span>
              <span className="block font-semibold">{title}</span>
              <span className="block text-sm text-muted-foreground">{description}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The way into the Studio: what was typed here goes along (lib/studio-carry.ts). */
export const STUDIO_WAY_IN = 'Continue in Echo Studio';
/** The Record button's answer: the Studio records (this demo does not). */
export const RECORD_IN_STUDIO = 'Record in Echo Studio';

function VoiceNoteDemo() {
  const fieldId = useId();
  const tipId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  // Read from the field itself: it may have been typed in before the page's script ran.
  const carry = () => carryToStudio({ way: 'write', text: field.current?.value ?? '' });
  return (
    <div className="flex h-full flex-col rounded-2xl border border-primary/20 bg-background p-5 shadow-lg shadow-primary/5 sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={fieldId} className="font-semibold">
          Your voice note
        </label>
        <span className="inline-flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
          <span aria-hidden="true" className="size-2 rounded-full bg-accent" />
          Preview
        </span>
      </div>
      <Textarea
        ref={field}
        id={fieldId}
        name="voice-note"
        rows={5}
        placeholder="What's on your mind today?"
        aria-describedby={tipId}
        className="mt-3 flex-1 resize-none"
      />
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p id={tipId} className="flex items-start gap-2 text-sm text-muted-foreground">
          <Lightbulb className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
          <span>
            Tip: The more context you give — who it's for, what happened, how you felt — the more it sounds
            like you.
          </span>
        </p>
        <Button
          className="shrink-0"
          onClick={() =>
            toast({
              title: RECORD_IN_STUDIO,
              description: `Recording happens in Echo Studio: choose '${STUDIO_WAY_IN}' below, and what you typed comes with you.`,
            })
          }
        >
          <Mic aria-hidden="true" />
          Record
        </Button>
      </div>
      <a href="/studio" onClick={carry} className={buttonClasses('outline', 'default', 'mt-4 self-start')}>
        {STUDIO_WAY_IN} <ArrowRight aria-hidden="true" />
      </a>
      <p className="mt-2 text-xs text-muted-foreground">
        Sign in with your e-mail; what you typed here is waiting in the Studio.
      </p>
    </div>
  );
}

/** Following the header's #demo anchor opens the Voice Note tab, where the demo lives. */
function useDemoTab(setTab: (tab: FeatureTab) => void) {
  useEffect(() => {
    const showDemo = () => setTab('voice');
    if (window.location.hash === '#demo') {
      showDemo();
      requestAnimationFrame(() => document.getElementById('demo')?.scrollIntoView());
    }
    const onHashChange = () => {
      if (window.location.hash === '#demo') showDemo();
    };
    // A second click on #demo does not change the hash, so clicks are watched too.
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('a[href="#demo"]')) showDemo();
    };
    window.addEventListener('hashchange', onHashChange);
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('hashchange', onHashChange);
      document.removeEventListener('click', onClick);
    };
  }, [setTab]);
}

/** "One idea in, every format out": the three input types, each with the same outputs. */
export function Features() {
  const [tab, setTab] = useState<FeatureTab>('video');
  useDemoTab(setTab);

  return (
    <section id="features" aria-labelledby="features-heading" className="px-4 py-20 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">How it works</p>
          <h2
            id="features-heading"
            className="mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl"
          >
            Start however you like. Echo does the rest.
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Drop in a video, a quick voice note or your old posts. Echo keeps your words, your rhythm and your
            point of view.
          </p>
        </div>

        <div id="demo" className="mt-12">
          <Tabs value={tab} onValueChange={(value) => setTab(value as FeatureTab)}>
            <div className="flex justify-center">
              <TabsList aria-label="Ways to start" className="w-full max-w-xl">
                {TABS.map(({ value, label, icon: Icon }) => (
                  <TabsTrigger
                    key={value}
                    value={value}
                    className="flex-1 max-sm:flex-col max-sm:gap-1 max-sm:px-1 max-sm:text-xs data-[state=active]:text-primary"
                  >
                    <Icon className="size-4" aria-hidden="true" />
                    {label}
                  </TabsTrigger>
                ))}
              </TabsList>
            </div>

            {TABS.map(({ value, icon: Icon, title, description }) => {
              const isVoice = value === 'voice';
              return (
                <TabsContent
                  key={value}
                  value={value}
                  className="animate-fade-in rounded-3xl border border-border bg-muted/60 p-5 sm:mt-6 sm:p-8"
                >
                  {/* On phones the demo sits right under the tab's intro; on wide screens it gets its own column. */}
                  <div
                    className={cn(
                      'grid gap-8',
                      isVoice && 'lg:grid-cols-2 lg:grid-rows-[auto_1fr] lg:gap-x-10 lg:gap-y-8',
                    )}
                  >
                    <div className="flex items-start gap-4 lg:col-start-1">
                      <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-primary text-primary-foreground shadow-md shadow-primary/20">
                        <Icon className="size-6" aria-hidden="true" />
                      </span>
                      <div>
                        <h3 className="text-xl font-bold sm:text-2xl">{title}</h3>
                        <p className="mt-1 text-muted-foreground sm:text-lg">{description}</p>
                      </div>
                    </div>
                    {isVoice && (
                      <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
                        <VoiceNoteDemo />
                      </div>
                    )}
                    <div className="lg:col-start-1 lg:row-start-2">
                      <Outputs stacked={isVoice} />
                    </div>
                  </div>
                </TabsContent>
              );
            })}
          </Tabs>
        </div>
      </div>
    </section>
  );
}
