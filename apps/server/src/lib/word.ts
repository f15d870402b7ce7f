import { Document, Packer, Paragraph, TextRun } from 'docx';

/** A text's non-blank lines, each a paragraph of its own in a Word file. */
export const textLines = (text: string) => text.split(/\r?\n/).filter((l) => l.trim() !== '');

/** A subtask as a bullet: its name in bold, then its description. */
export const subtaskParagraph = (name: string, description: string) =>
  new Paragraph({
    bullet: { level: 0 },
    children: [new TextRun({ text: name, bold: true }), new TextRun(description ? ` — ${description}` : '')],
  });

/** A Word file of these paragraphs, titled and signed by the product. */
export const wordFile = (title: string, children: Paragraph[]): Promise<Buffer> =>
  Packer.toBuffer(new Document({ creator: 'Digital Project Planner', title, sections: [{ children }] }));
