// Counts in messages: "1 prompt", "3 prompts".

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
