import type { Config } from '../../config.ts';
import { resolveFfmpeg } from '../../providers/media/ffmpeg.ts';
import { createSpeechToText } from '../../providers/stt/stt.ts';
import {
  captionsTranscriber,
  externalServiceTranscriber,
  speechToTextTranscriber,
  type Transcriber,
} from './transcribers.ts';

/** The transcribers of a link, in the order they are tried, from the configuration. */
export function configuredTranscribers(config: Config): Transcriber[] {
  const list: Transcriber[] = [captionsTranscriber(config.ytDlpPath)];
  const stt = createSpeechToText(config.stt);
  if (stt)
    list.push(
      speechToTextTranscriber(config.ytDlpPath, stt, { ffmpegPath: resolveFfmpeg(config.ffmpegPath).path }),
    );
  if (config.webhookSecret) list.push(externalServiceTranscriber());
  return list;
}
