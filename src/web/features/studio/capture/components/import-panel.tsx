import { FileText, Link2, Loader2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { z } from 'zod';
import { FileInput } from '#web/components/file-input.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { focusIfLost, useKeepFocusWhileBusy } from '#web/lib/focus.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { POSTS_ACCEPT, useImportFile, useImportLink } from '../api.ts';

const isUrl = (value: string) => {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** A web address (http or https); which sites Echo can read is the server's to say. */
const importLinkSchema = z.object({ url: z.string().trim().refine(isUrl) });

/** Import a TikTok, Instagram, YouTube or Facebook video by link, or a file of the user's own posts. */
export function ImportPanel({ onImported }: { onImported: () => void }) {
  const id = useId();
  const { field, valid, reset, handleSubmit, formRef } = useZodForm(importLinkSchema, { url: '' });
  const urlInput = useRef<HTMLInputElement>(null);
  /** Counts link imports: after one, once the form is enabled again, the cursor goes back in the field. */
  const [imported, setImported] = useState(0);
  const link = useImportLink();
  const file = useImportFile();
  const keepLinkFocus = useKeepFocusWhileBusy(link.isPending);
  const keepFileFocus = useKeepFocusWhileBusy(file.isPending);
  // The import button stays disabled after an import (no link): continue from the empty field.
  useEffect(() => {
    if (imported && !link.isPending) focusIfLost(urlInput.current);
  }, [imported, link.isPending]);

  // No link: the button is disabled, and Enter does nothing.
  const submitLink = handleSubmit(
    ({ url }) => {
      link.mutate(url, {
        onSuccess: () => {
          reset();
          setImported((n) => n + 1);
          toast({ title: 'Video imported', description: 'Echo is fetching its transcript.' });
          onImported();
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Import failed',
            description: errorMessage(error, 'Please try again.'),
          }),
      });
    },
    () => {},
  );

  function importFile(chosen: File) {
    file.mutate(chosen, {
      onSuccess: (answer) => {
        toast(
          answer.format === 'transcript'
            ? answer.imported
              ? {
                  title: 'Conversation imported',
                  description: `${chosen.name} became one note. Open it and say which speaker is you.`,
                }
              : {
                  title: 'Already imported',
                  description: `You already have the conversation in ${chosen.name}.`,
                }
            : answer.format === 'vtt' || answer.format === 'srt'
              ? {
                  title: 'Transcript imported',
                  description: `${chosen.name} became ${answer.imported ? 'a note of your words' : 'nothing new: it is already there'}.`,
                }
              : {
                  title: 'Posts imported',
                  description: `${answer.imported} ${answer.imported === 1 ? 'post' : 'posts'} from ${chosen.name} became notes${answer.skipped ? ` (${answer.skipped} skipped: empty or already there)` : ''}.`,
                },
        );
        onImported();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Import failed',
          description: errorMessage(error, 'Please check the file and try again.'),
        }),
    });
  }

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <form
        ref={formRef}
        onSubmit={submitLink}
        className="grid content-start gap-3"
        aria-label="Import a video"
        {...keepLinkFocus}
      >
        <Label htmlFor={`${id}-url`}>Video link</Label>
        <Input
          ref={urlInput}
          id={`${id}-url`}
          type="url"
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=..."
          {...field('url')}
          aria-describedby={`${id}-url-hint`}
          disabled={link.isPending}
        />
        <p id={`${id}-url-hint`} className="text-xs text-muted-foreground">
          A TikTok, Instagram, YouTube or Facebook video. Echo transcribes what is said.
        </p>
        <Button type="submit" disabled={!valid || link.isPending} className="justify-self-start">
          {link.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Link2 aria-hidden="true" />
          )}
          Import video
        </Button>
      </form>
      <div className="grid content-start gap-3">
        <p className="text-sm font-medium leading-none">Your own posts, or a transcript</p>
        <p id={`${id}-file-hint`} className="text-xs text-muted-foreground">
          LinkedIn's export (<code>Shares.csv</code>), your X archive's <code>tweets.js</code>, or a .txt, .md
          or .csv file: each post becomes a note marked written. A transcript (.txt with <code>Name:</code>{' '}
          turns, .vtt, .srt, or a Word .docx export) of an interview or a call becomes one conversation note.
        </p>
        <FileInput
          accept={POSTS_ACCEPT}
          label="File of your posts or a transcript"
          onFile={importFile}
          className="justify-self-start"
          disabled={file.isPending}
          aria-describedby={`${id}-file-hint`}
          {...keepFileFocus}
        >
          {file.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <FileText aria-hidden="true" />
          )}
          Import a file
        </FileInput>
      </div>
    </div>
  );
}
