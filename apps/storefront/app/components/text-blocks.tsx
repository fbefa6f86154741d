/** Plain text split into paragraphs on blank lines; never parsed as HTML. */
export function TextBlocks({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <div className={className}>
      {paragraphs.map((paragraph, index) => (
        // Paragraph order is fixed for a given text, so the index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: static content
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
