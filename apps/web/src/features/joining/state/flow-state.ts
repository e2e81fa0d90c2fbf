import type { MembershipType, PaymentOption, QuestionAnswer } from '../api/types';
import type { ValidatedBankAccount } from '../api/validate-direct-debit';
import type { Promotion } from '../api/validate-promotion';
import type { SectionKey } from '../lib/sections';

/** The membership being built (joining-and-payments.md 3, "Membership details") and the accordion. */
export interface FlowState {
  /** The section shown open, or null when all are closed. */
  open: SectionKey | null;
  /** Sections saved or completed at least once: they show a summary and an Edit button. */
  edited: SectionKey[];
  membership: MembershipType | null;
  option: PaymentOption | null;
  answers: Record<number, QuestionAnswer>;
  startDate: string;
  billingDay: number | null;
  promotion: Promotion | null;
  /** Ids of the accepted health commitment and membership terms. */
  termsAccepted: number[];
  bankAccount: ValidatedBankAccount | null;
  ddTermsAccepted: boolean;
}

export type FlowAction =
  | { type: 'open'; section: SectionKey }
  /** Marks `section` edited and opens `next` (or closes all). */
  | { type: 'complete'; section: SectionKey; next: SectionKey | null }
  | { type: 'choose'; membership: MembershipType; option: PaymentOption; next: SectionKey | null }
  /** The chosen membership turned out ineligible: the selection and what hung on it are cleared. */
  | { type: 'deselect' }
  | { type: 'answers'; answers: Record<number, QuestionAnswer> }
  | { type: 'dates'; startDate: string; billingDay: number | null }
  | { type: 'promotion'; promotion: Promotion | null }
  | { type: 'terms'; ids: number[] }
  | { type: 'bank'; bankAccount: FlowState['bankAccount']; ddTermsAccepted: boolean }
  | { type: 'reset'; state: FlowState };

export function initialFlowState(open: SectionKey, edited: SectionKey[], startDate: string): FlowState {
  return {
    open,
    edited,
    membership: null,
    option: null,
    answers: {},
    startDate,
    billingDay: null,
    promotion: null,
    termsAccepted: [],
    bankAccount: null,
    ddTermsAccepted: false,
  };
}

function markEdited(edited: SectionKey[], section: SectionKey): SectionKey[] {
  return edited.includes(section) ? edited : [...edited, section];
}

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'open':
      // The Review dates section marks itself as edited when opened (spec 2).
      return {
        ...state,
        open: action.section,
        edited: action.section === 'review' ? markEdited(state.edited, 'review') : state.edited,
      };
    case 'complete':
      return {
        ...state,
        open: action.next,
        edited: markEdited(
          action.next === 'review' ? markEdited(state.edited, 'review') : state.edited,
          action.section,
        ),
      };
    case 'choose':
      // Choosing clears previous answers and requests, and keeps only the sections before it.
      return {
        ...state,
        membership: action.membership,
        option: action.option,
        answers: {},
        promotion: null,
        billingDay: null,
        termsAccepted: [],
        bankAccount: null,
        ddTermsAccepted: false,
        open: action.next,
        edited: [...state.edited.filter((key) => key === 'centre'), 'membership'],
      };
    case 'deselect':
      return {
        ...state,
        membership: null,
        option: null,
        answers: {},
        promotion: null,
        billingDay: null,
        termsAccepted: [],
        bankAccount: null,
        ddTermsAccepted: false,
        open: 'membership',
        edited: state.edited.filter((key) => key === 'centre' || key === 'details'),
      };
    case 'answers':
      return { ...state, answers: action.answers };
    case 'dates':
      return { ...state, startDate: action.startDate, billingDay: action.billingDay };
    case 'promotion':
      return { ...state, promotion: action.promotion };
    case 'terms':
      return { ...state, termsAccepted: action.ids };
    case 'bank':
      return { ...state, bankAccount: action.bankAccount, ddTermsAccepted: action.ddTermsAccepted };
    case 'reset':
      return action.state;
  }
}
