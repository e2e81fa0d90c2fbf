/**
 * The numbered accordion of the membership checkout (joining-and-payments.md 2): sections that are
 * not needed are hidden and the others are numbered by order.
 */
export const sectionKeys = [
  'centre',
  'membership',
  'details',
  'questions',
  'review',
  'payment',
  'confirm',
  'checkout',
] as const;
export type SectionKey = (typeof sectionKeys)[number];

/** The flow's modes: joining from scratch, and (next issue) the account area's change and renewal. */
export type FlowMode = 'join' | 'change' | 'renew';

export interface SectionNeeds {
  mode: FlowMode;
  /** The membership has additional questions. */
  hasQuestions: boolean;
  /** A recurring option chosen by a user without an existing direct debit instruction. */
  needsDirectDebit: boolean;
}

function isSectionShown(key: SectionKey, needs: SectionNeeds): boolean {
  switch (key) {
    case 'centre':
      return needs.mode === 'join';
    case 'questions':
      return needs.hasQuestions;
    case 'payment':
    case 'confirm':
      return needs.needsDirectDebit;
    default:
      return true;
  }
}

export interface NumberedSection {
  key: SectionKey;
  number: number;
}

export function visibleSections(needs: SectionNeeds): NumberedSection[] {
  return sectionKeys
    .filter((key) => isSectionShown(key, needs))
    .map((key, index) => ({ key, number: index + 1 }));
}

/** The displayed section after `key`, or null at the end. */
export function nextSection(key: SectionKey, needs: SectionNeeds): SectionKey | null {
  const shown = visibleSections(needs);
  const index = shown.findIndex((section) => section.key === key);
  return shown[index + 1]?.key ?? null;
}
