/**
 * A title as it reads after 'the' in a sentence ('Read the …', 'I agree to the …'): a title that
 * itself starts with 'The' ('The Direct Debit Guarantee') loses it, so the sentence never reads 'the The'.
 */
export function afterThe(title: string): string {
  return title.trim().replace(/^the\s+/i, '');
}
