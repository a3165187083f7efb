/**
 * A Word transcript (the .docx exports of Otter, Descript, Zoom or Riverside) read in the browser:
 * mammoth (maintained, BSD-2-Clause) gives its paragraphs' text, which goes up as the .txt
 * transcript it holds, so the server reads its `Name:` turns as it reads any text transcript
 * (decision 023). Loaded only when a .docx is chosen; the server never unzips a document.
 */

export const isDocx = (name: string) => /\.docx$/i.test(name);

/** The document's text, a line per paragraph, under the file's name as a .txt. */
export async function docxAsText(file: File): Promise<{ filename: string; content: string }> {
  const { default: mammoth } = await import('mammoth/mammoth.browser.min.js');
  let value: string;
  try {
    ({ value } = await mammoth.extractRawText({ arrayBuffer: await file.arrayBuffer() }));
  } catch {
    throw new Error(
      'This Word file could not be read. Save it again as .docx, or export the transcript as .txt.',
    );
  }
  return {
    filename: file.name.replace(/\.docx$/i, '.txt'),
    // mammoth ends each paragraph with a blank line: a transcript's lines are its paragraphs.
    content: value.replace(/\n{2,}/g, '\n').trim(),
  };
}
