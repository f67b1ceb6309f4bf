/**
 * A function of a text with its answers kept: the texts a server reads on every request repeat
 * (a visitor's address, a browser's Accept-Encoding), so each distinct one is worked out once.
 * At most `limit` answers are kept; when that is reached they are all dropped at once, cheaper
 * than tracking their age, and the next requests fill it again. A text longer than `longest` is
 * worked out every time and never kept, so nobody fills the memory with long values.
 */
export function keptAnswers<T>(answer: (text: string) => T, limit: number, longest = 256): (text: string) => T {
  const kept = new Map<string, T>();
  return (text) => {
    if (text.length > longest) return answer(text);
    let value = kept.get(text);
    if (value === undefined) {
      value = answer(text);
      if (kept.size >= limit) kept.clear();
      kept.set(text, value);
    }
    return value;
  };
}
