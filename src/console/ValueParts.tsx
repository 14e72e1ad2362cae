import type { Part } from './value-preview';

/** Preview text coloured per type; plain text nodes only, never HTML. */
export function ValueParts({ parts }: { parts: readonly Part[] }) {
  return (
    <>
      {parts.map((part, i) => (
        <span key={i} className={`pp-v-${part.kind}`}>
          {part.text}
        </span>
      ))}
    </>
  );
}
