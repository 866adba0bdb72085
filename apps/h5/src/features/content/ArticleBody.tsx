/**
 * The body of a notice or help article: plain text from the server (never HTML), where blank
 * lines separate paragraphs and lines starting with "1." are steps.
 */
export function ArticleBody({ text, testId }: { text: string; testId?: string }) {
  const blocks = text.split(/\n\s*\n/).filter((b) => b.trim());
  return (
    <div className="hx-article-body" data-testid={testId}>
      {blocks.map((block, i) => {
        const lines = block.split('\n').filter((l) => l.trim());
        const steps = lines.filter((l) => /^\d+\.\s/.test(l));
        if (steps.length > 0) {
          const lead = lines.filter((l) => !/^\d+\.\s/.test(l));
          return (
            <div key={i}>
              {lead.map((l, j) => (
                <p key={j}>{l}</p>
              ))}
              <ol>
                {steps.map((l, j) => (
                  <li key={j}>{l.replace(/^\d+\.\s/, '')}</li>
                ))}
              </ol>
            </div>
          );
        }
        return <p key={i}>{lines.join(' ')}</p>;
      })}
    </div>
  );
}
