import { Link2, type LucideIcon, Mic, PenLine, Upload } from 'lucide-react';
import { useState } from 'react';
import { Card, CardDescription } from '#web/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { takeCarried } from '#web/lib/studio-carry.ts';
import { ImportPanel } from './import-panel.tsx';
import { Recorder } from './recorder.tsx';
import { UploadPanel } from './upload-panel.tsx';
import { WritePanel } from './write-panel.tsx';

// A recording or an upload carries on while another tab is shown.
const HIDE_INACTIVE = 'data-[state=inactive]:hidden';

type Way = 'record' | 'upload' | 'write' | 'import';

const WAYS: { value: Way; label: string; icon: LucideIcon }[] = [
  { value: 'record', label: 'Record', icon: Mic },
  { value: 'upload', label: 'Upload', icon: Upload },
  { value: 'write', label: 'Write', icon: PenLine },
  { value: 'import', label: 'Import', icon: Link2 },
];

/** The four ways in: each ends as a note in the library. */
export function CaptureCard({ onCaptured }: { onCaptured: (noteId: string | null) => void }) {
  // Words typed on the landing page's demo arrive here once (lib/studio-carry.ts).
  const [carried] = useState(takeCarried);
  const [way, setWay] = useState<Way>(carried?.way ?? 'record');
  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold leading-tight">Capture an idea</h2>
        <CardDescription className="mt-1">
          Talk, upload, write or import. Everything becomes a note Echo learns your voice from.
        </CardDescription>
      </div>
      <Tabs value={way} onValueChange={(value) => setWay(value as Way)}>
        <TabsList aria-label="Ways to capture" className="grid w-full grid-cols-4">
          {WAYS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger
              key={value}
              value={value}
              className="max-sm:flex-col max-sm:gap-1 max-sm:px-1 max-sm:text-xs data-[state=active]:text-primary"
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="record" forceMount className={HIDE_INACTIVE}>
          <Recorder onSaved={onCaptured} />
        </TabsContent>
        <TabsContent value="upload" forceMount className={HIDE_INACTIVE}>
          <UploadPanel onUploaded={onCaptured} />
        </TabsContent>
        <TabsContent value="write" forceMount className={HIDE_INACTIVE}>
          <WritePanel onSaved={onCaptured} initialText={carried?.text} />
        </TabsContent>
        <TabsContent value="import" forceMount className={HIDE_INACTIVE}>
          <ImportPanel onImported={() => onCaptured(null)} />
        </TabsContent>
      </Tabs>
    </Card>
  );
}
