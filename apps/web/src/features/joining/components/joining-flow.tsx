import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { lazyWithTimeout } from '../../../shared/app/lazy';
import { formatDate, todayInVenue } from '../../../shared/format/dates';
import { useSiteUrl } from '../../../shared/links/use-site-url';
import { type SessionUser, userQueryKey, useSession } from '../../../shared/session/session';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import { notify } from '../../../shared/ui/toast';
import { useCustomQuestions } from '../api/get-custom-questions';
import { membershipTypesQueryOptions, useMembershipTypes } from '../api/get-membership-types';
import { type MembershipDetails, useSubmitMembership } from '../api/submit-membership';
import type { JoiningVenue, MembershipType, PaymentOption } from '../api/types';
import { type ProgressStep, progressItem, pushProgress } from '../lib/analytics';
import { optionFor } from '../lib/filter-memberships';
import { answersToSubmit, hasUnansweredRequired, initialAnswers } from '../lib/questions';
import {
  type FlowMode,
  nextSection,
  type SectionKey,
  type SectionNeeds,
  visibleSections,
} from '../lib/sections';
import { flowReducer, initialFlowState } from '../state/flow-state';
import { FlowSection } from './flow-section';
import { usePriceText } from './membership-card';
import { MembershipSelection } from './membership-selection';
import type { RenderRegistration } from './your-details';
import '../joining.css';

// The steps after the membership are their own chunks (their forms, schemas and dialogs), loaded when
// one opens: the first screen (the centre, the memberships) does not wait for them (issue 16, phones).
// Once a membership is chosen they are fetched ahead, so Continue does not wait for a download.
const stepLoaders = {
  details: () => import('./your-details'),
  questions: () => import('./additional-details'),
  review: () => import('./review-dates'),
  payment: () => import('./monthly-payment'),
  confirm: () => import('./confirm-details'),
};
const YourDetails = lazyWithTimeout(stepLoaders.details, 'YourDetails');
const AdditionalDetails = lazyWithTimeout(stepLoaders.questions, 'AdditionalDetails');
const ReviewDates = lazyWithTimeout(stepLoaders.review, 'ReviewDates');
const MonthlyPayment = lazyWithTimeout(stepLoaders.payment, 'MonthlyPayment');
const ConfirmDetails = lazyWithTimeout(stepLoaders.confirm, 'ConfirmDetails');

/** Fetches the later steps' chunks ahead; a failure here is left to the step itself when it opens. */
function prefetchSteps(): void {
  for (const load of Object.values(stepLoaders)) void load().catch(() => undefined);
}

/** The spec's texts that tests and other screens look for. */
const joiningMessages = {
  notFound: 'Could not find selected membership',
  questionsRequired: 'Please fill in required questions',
  added: 'Membership added to basket.',
  submitFailed: 'Something went wrong, please try again.',
  ineligible: 'You are ineligible for this membership',
  /** A selection the server finds ineligible (on reloading the list, or on submit): it is reset. */
  ineligibleSelection: 'You are ineligible for the membership you selected.',
  /** Answers the server refuses for another reason than a missing required one (neutral). */
  answersFailed: 'Error occurred while submitting your answers.',
} as const;

/** How long the 'Membership added to basket.' toast shows before the checkout page opens. */
const leaveDelayMs = 1_500;

export interface Preselection {
  membershipSlug: string;
  paymentType: string;
}

export interface JoiningFlowProps {
  /** Joining from scratch; the account area's change and renewal reuse the flow (no centre step). */
  mode?: FlowMode;
  /** The chosen home centre; null while the centre step is open. */
  venue: JoiningVenue | null;
  /** The centre step's content (venue cards or the map), composed by the site. */
  centreStep?: ReactNode;
  /** 'Edit' on the centre: back to '/' (Change location). */
  onChangeCentre?: () => void;
  /** A deep link's membership and payment type. */
  preselected?: Preselection | null;
  /** After a choice in the list (not a preselection): the site navigates to the deep link. */
  onMembershipChosen?: (membership: MembershipType, option: PaymentOption) => void;
  /** A missing or unpurchasable preselection: the site returns to the centre page. */
  onBackToCentre: () => void;
  /** Your details for visitors: the registration form, composed by the site. */
  renderRegistration?: RenderRegistration;
  collectBillingAddress?: boolean;
  /** Change and renewal submit their own way; joining posts a new membership. */
  submitOverride?: (details: MembershipDetails) => Promise<void>;
  /** Opens the checkout (another sub-site); a full page load by default. */
  leave?: (url: string) => void;
  /** Told when a membership is chosen (the kiosk only prompts to start over once there is progress). */
  onStartedChange?: (started: boolean) => void;
  /**
   * The memberships to choose from, when the page has them already (change and renewal offer what
   * the member may move to, not the joining list); the flow then does not load or re-check the list.
   */
  membershipTypes?: MembershipType[];
  /**
   * A change's own costs, shown in Review & select dates instead of joining's breakdown (one
   * breakdown on the page, the one charged; docs/decisions/019).
   */
  reviewCosts?: (choice: {
    membership: MembershipType;
    option: PaymentOption;
    startDate: string;
    billingDay: number | null;
  }) => ReactNode;
  /** Start-date limits other than joining's (a change gives its own). */
  startBounds?: { min: string; max: string };
}

function userOf(queryClient: ReturnType<typeof useQueryClient>): SessionUser | null {
  return queryClient.getQueryData<SessionUser | null>(userQueryKey) ?? null;
}

/** Whether a membership's payment option is on sale to this viewer, by the venue's list as the API gives it to them. */
async function selectionPurchasable(
  queryClient: ReturnType<typeof useQueryClient>,
  venueId: number,
  viewerId: number | null,
  membershipId: number,
  optionId: number,
): Promise<{ purchasable: boolean; reason: string | null }> {
  try {
    const fresh = await queryClient.fetchQuery(membershipTypesQueryOptions(venueId, viewerId));
    const type = fresh.find((candidate) => candidate.id === membershipId);
    const option = type?.paymentOptions.find((candidate) => candidate.id === optionId);
    if (!type || !option?.isPurchasable.canPurchase) {
      return { purchasable: false, reason: option?.isPurchasable.message ?? null };
    }
  } catch {
    // The list could not be reloaded; the server checks eligibility again on submit.
  }
  return { purchasable: true, reason: null };
}

/**
 * The membership checkout (joining-and-payments.md 2 and 4): an accordion of numbered sections that
 * open one after another; hidden sections are removed and the rest renumbered.
 */
export function JoiningFlow({
  mode = 'join',
  venue,
  centreStep,
  onChangeCentre,
  preselected = null,
  onMembershipChosen,
  onBackToCentre,
  renderRegistration,
  collectBillingAddress = true,
  submitOverride,
  leave = (url) => window.location.assign(url),
  onStartedChange,
  reviewCosts,
  startBounds,
  membershipTypes,
}: JoiningFlowProps) {
  const { t } = useTranslation('flow');
  const queryClient = useQueryClient();
  const siteUrl = useSiteUrl();
  const priceText = usePriceText();
  const { user, isLoggedIn, isLoading: sessionLoading } = useSession();
  const [state, dispatch] = useReducer(flowReducer, undefined, () =>
    venue || mode !== 'join'
      ? initialFlowState('membership', mode === 'join' ? ['centre'] : [], todayInVenue())
      : initialFlowState('centre', [], todayInVenue()),
  );
  const [submitting, setSubmitting] = useState(false);
  const [membershipError, setMembershipError] = useState<string | null>(null);
  const loadedTypes = useMembershipTypes(membershipTypes ? undefined : venue?.id, user?.id ?? null);
  const types = membershipTypes
    ? { data: membershipTypes, isPending: false as const, isError: false as const }
    : loadedTypes;
  const questions = useCustomQuestions(state.membership?.id);
  const questionList = questions.data ?? [];
  const needs: SectionNeeds = {
    mode,
    hasQuestions: questionList.length > 0,
    needsDirectDebit: state.option?.paymentType === 'recurring' && !user?.hasInstruction,
  };
  const sections = visibleSections(needs);
  const handledPreselection = useRef<string | null>(null);

  /** The server finds the selection ineligible: say so, reset it and reopen Membership selection. */
  const resetIneligibleSelection = useCallback((reason: string | null) => {
    notify.error(joiningMessages.ineligibleSelection, reason ? { description: reason } : {});
    setMembershipError(reason ?? joiningMessages.ineligible);
    dispatch({ type: 'deselect' });
  }, []);
  const submitMutation = useSubmitMembership();
  // The viewer (null: a visitor) whose eligibility the selection was chosen or checked under. A
  // visitor may pick any membership; once an account exists (registered, or logged in within the
  // flow) the choice is checked for that user at once, before Your details asks for anything more.
  const viewerId = user?.id ?? null;
  const [selectionViewer, setSelectionViewer] = useState<number | null>(null);
  const recheckSelection =
    !membershipTypes &&
    venue !== null &&
    state.membership !== null &&
    viewerId !== null &&
    viewerId !== selectionViewer;

  // A deep link preselects its membership once the list is in (spec 4).
  useEffect(() => {
    if (!preselected || !types.data || sessionLoading) return;
    const key = `${preselected.membershipSlug}/${preselected.paymentType}`;
    if (handledPreselection.current === key) return;
    handledPreselection.current = key;
    const type = types.data.find((candidate) => candidate.slug === preselected.membershipSlug);
    const paymentType = preselected.paymentType;
    const option =
      type && (paymentType === 'recurring' || paymentType === 'fixed')
        ? optionFor(type, paymentType)
        : undefined;
    if (!type || !option) {
      notify.error(joiningMessages.notFound);
      onBackToCentre();
      return;
    }
    if (!option.isPurchasable.canPurchase) {
      notify.error(option.isPurchasable.message ?? joiningMessages.ineligible);
      onBackToCentre();
      return;
    }
    dispatch({ type: 'choose', membership: type, option, next: 'details' });
    setSelectionViewer(viewerId);
    pushProgress('membership', [progressItem(type, option)]);
  }, [preselected, types.data, sessionLoading, onBackToCentre, viewerId]);

  // Spec 4: Your details continues once the account exists provided the selection is still
  // purchasable; an adult who picked Junior hears so now, not after giving the purchase details.
  const venueId = venue?.id ?? null;
  const membershipId = state.membership?.id ?? null;
  const optionId = state.option?.id ?? null;
  useEffect(() => {
    if (!recheckSelection || venueId === null || membershipId === null || optionId === null) return;
    let current = true;
    void selectionPurchasable(queryClient, venueId, viewerId, membershipId, optionId).then((verdict) => {
      if (!current) return;
      setSelectionViewer(viewerId);
      if (!verdict.purchasable) resetIneligibleSelection(verdict.reason);
    });
    return () => {
      current = false;
    };
  }, [recheckSelection, queryClient, venueId, viewerId, membershipId, optionId, resetIneligibleSelection]);

  const started = state.membership !== null;
  useEffect(() => {
    onStartedChange?.(started);
    if (started) prefetchSteps();
  }, [started, onStartedChange]);

  // Analytics: a memberships_progress event as each step opens (spec 4).
  const lastPushed = useRef<SectionKey | null>(null);
  useEffect(() => {
    const open = state.open;
    if (!open || open === lastPushed.current || open === 'checkout' || open === 'membership') return;
    lastPushed.current = open;
    if (open === 'centre') return;
    const step: ProgressStep = open;
    const items =
      open === 'details' && state.membership ? [progressItem(state.membership, state.option)] : undefined;
    pushProgress(step, items);
  }, [state.open, state.membership, state.option]);

  // Questions can arrive after the choice: the flow opens whatever section is next on the way.
  const next = (section: SectionKey) => nextSection(section, needs);

  function choose(membership: MembershipType, option: PaymentOption) {
    if (!option.isPurchasable.canPurchase) {
      onBackToCentre();
      return;
    }
    setMembershipError(null);
    dispatch({ type: 'choose', membership, option, next: next('membership') });
    setSelectionViewer(viewerId);
    pushProgress('membership', [progressItem(membership, option)]);
    handledPreselection.current = `${membership.slug}/${option.paymentType}`;
    onMembershipChosen?.(membership, option);
  }

  async function afterDetails() {
    // The account exists (201) or the data is saved (200): continue if the choice is still purchasable.
    if (venue && state.membership && state.option && !membershipTypes) {
      const verdict = await selectionPurchasable(
        queryClient,
        venue.id,
        userOf(queryClient)?.id ?? null,
        state.membership.id,
        state.option.id,
      );
      if (!verdict.purchasable) {
        resetIneligibleSelection(verdict.reason);
        return;
      }
    }
    dispatch({ type: 'complete', section: 'details', next: next('details') });
  }

  function requiredQuestionsMissing(): boolean {
    if (!needs.hasQuestions || !hasUnansweredRequired(questionList, state.answers)) return false;
    notify.error(joiningMessages.questionsRequired);
    dispatch({ type: 'open', section: 'questions' });
    return true;
  }

  async function submit() {
    if (!venue || !state.membership || !state.option) return;
    if (requiredQuestionsMissing()) return;
    const details: MembershipDetails = {
      membershipTypeId: state.membership.id,
      paymentOptionId: state.option.id,
      homeVenueId: venue.id,
      startDate: state.startDate,
      billingDay: user?.hasBillingDate || state.option.paymentType !== 'recurring' ? null : state.billingDay,
      promotionCodeId: state.promotion?.id ?? null,
      answers: answersToSubmit(questionList, state.answers),
      terms: state.termsAccepted,
      ...(needs.needsDirectDebit && state.bankAccount
        ? { directDebit: { token: state.bankAccount.detailsToken } }
        : {}),
    };
    setSubmitting(true);
    try {
      if (submitOverride) await submitOverride(details);
      else await submitMutation.mutateAsync(details);
    } catch (error) {
      setSubmitting(false);
      showSubmitError(error);
      return;
    }
    dispatch({ type: 'complete', section: needs.needsDirectDebit ? 'confirm' : 'review', next: 'checkout' });
    notify.success(joiningMessages.added);
    const url = siteUrl('bookings', '/basket/checkout');
    window.setTimeout(() => leave(url), leaveDelayMs);
  }

  function showSubmitError(error: unknown) {
    if (error instanceof ApiError && error.status === 422) {
      const entries = Object.entries(error.errors);
      const answerMessages = entries.filter(([key]) => key.startsWith('answers')).flatMap(([, list]) => list);
      if (answerMessages.length) {
        // A required answer missing says so; other refused answers get the spec's neutral toast.
        if (answerMessages.every((message) => message.endsWith(' is required.'))) {
          notify.error(joiningMessages.questionsRequired);
        } else {
          notify.info(joiningMessages.answersFailed, { description: answerMessages.join('\n') });
        }
        dispatch({ type: 'open', section: 'questions' });
        return;
      }
      const selection = error.errors.membershipTypeId;
      if (selection?.length && error.message === joiningMessages.ineligible) {
        resetIneligibleSelection(selection.join(' '));
        return;
      }
      if (selection?.length) {
        setMembershipError(selection.join(' '));
        dispatch({ type: 'open', section: 'membership' });
        return;
      }
      const messages = entries.flatMap(([, list]) => list);
      if (messages.length) notify.validation(messages);
      else notify.error(joiningMessages.submitFailed);
      return;
    }
    notify.error(
      error instanceof ApiError && error.status !== 0 ? error.message : joiningMessages.submitFailed,
    );
  }

  function reviewContinue() {
    if (requiredQuestionsMissing()) return;
    if (user?.hasBillingDate) dispatch({ type: 'dates', startDate: state.startDate, billingDay: null });
    if (needs.needsDirectDebit) dispatch({ type: 'complete', section: 'review', next: 'payment' });
    else void submit();
  }

  const canEdit = mode !== 'renew';
  const titles: Record<SectionKey, string> = {
    centre: t('sections.centre'),
    membership: t('sections.membership'),
    details: t('sections.details'),
    questions: t('sections.questions'),
    review: t('sections.review'),
    payment: t('sections.payment'),
    confirm: t('sections.confirm'),
    checkout: t('sections.checkout'),
  };

  function summaryOf(key: SectionKey): ReactNode {
    switch (key) {
      case 'centre':
        return venue?.name;
      case 'membership':
        return state.membership && state.option
          ? `${state.membership.name}, ${priceText(state.option)}`
          : null;
      case 'details':
        return user ? `${user.firstName} ${user.lastName}, ${user.email}` : null;
      case 'questions':
        return t('questions.summary');
      case 'review':
        return [
          t('review.startsOn', { date: formatDate(state.startDate) }),
          state.promotion ? t('review.codeSummary', { code: state.promotion.code }) : null,
        ]
          .filter(Boolean)
          .join(', ');
      case 'payment':
        return state.bankAccount
          ? t('payment.summary', {
              holder: state.bankAccount.accountHolderName,
              account: state.bankAccount.accountNumberMasked,
            })
          : null;
      case 'confirm':
        return t('confirm.summary');
      default:
        return null;
    }
  }

  function contentOf(key: SectionKey): ReactNode {
    switch (key) {
      case 'centre':
        return centreStep;
      case 'membership':
        if (!venue) return null;
        if (types.isPending || sessionLoading) return <PageSpinner />;
        if (types.isError) {
          return (
            <p role="alert" className="notice">
              {t('membership.loadFailed')}
            </p>
          );
        }
        return (
          <>
            {membershipError ? (
              <p role="alert" className="form-error">
                {membershipError}
              </p>
            ) : null}
            <MembershipSelection
              memberships={types.data}
              venueId={venue.id}
              isLoggedIn={isLoggedIn}
              canDisplayIneligible={venue.canDisplayIneligibleMemberships}
              selectedId={state.membership?.id ?? null}
              initialPaymentType={state.option?.paymentType ?? 'recurring'}
              onChoose={choose}
            />
          </>
        );
      case 'details':
        return (
          <YourDetails
            onContinue={afterDetails}
            renderRegistration={renderRegistration}
            checkingEligibility={recheckSelection}
          />
        );
      case 'questions':
        return (
          <AdditionalDetails
            questions={questionList}
            answers={Object.keys(state.answers).length ? state.answers : initialAnswers(questionList)}
            onSave={(answers) => {
              dispatch({ type: 'answers', answers });
              dispatch({ type: 'complete', section: 'questions', next: next('questions') });
            }}
          />
        );
      case 'review':
        if (!state.membership || !state.option || !venue) return null;
        return (
          <ReviewDates
            membership={state.membership}
            option={state.option}
            venueId={venue.id}
            startDate={state.startDate}
            billingDay={state.billingDay}
            needsBillingDay={state.option.paymentType === 'recurring' && !user?.hasBillingDate}
            promotion={state.promotion}
            termsAccepted={state.termsAccepted}
            busy={submitting}
            onDatesChange={(startDate, billingDay) => dispatch({ type: 'dates', startDate, billingDay })}
            onPromotionChange={(promotion) => dispatch({ type: 'promotion', promotion })}
            onTermsChange={(ids) => dispatch({ type: 'terms', ids })}
            onContinue={reviewContinue}
            {...(reviewCosts
              ? {
                  costs: reviewCosts({
                    membership: state.membership,
                    option: state.option,
                    startDate: state.startDate,
                    billingDay: state.billingDay,
                  }),
                }
              : {})}
            {...(startBounds ? { bounds: startBounds } : {})}
          />
        );
      case 'payment':
        return (
          <MonthlyPayment
            collectBillingAddress={collectBillingAddress}
            initialHolder={user ? `${user.firstName} ${user.lastName}` : ''}
            onSaved={(bankAccount, ddTermsAccepted) => {
              dispatch({ type: 'bank', bankAccount, ddTermsAccepted });
              dispatch({ type: 'complete', section: 'payment', next: 'confirm' });
            }}
          />
        );
      case 'confirm':
        return (
          <ConfirmDetails
            state={state}
            // A change or renewal costs what its own step says; the join price is for joining.
            venueId={mode === 'join' ? (venue?.id ?? null) : null}
            venueName={venue?.name ?? ''}
            busy={submitting}
            onContinue={() => void submit()}
          />
        );
      case 'checkout':
        return (
          <p role="status" className="notice">
            {t('checkout.opening')}
          </p>
        );
    }
  }

  return (
    <div className="joining-flow">
      {sections.map(({ key, number }) => (
        <FlowSection
          key={key}
          sectionKey={key}
          number={number}
          title={titles[key]}
          open={state.open === key}
          edited={state.edited.includes(key)}
          canEdit={canEdit && key !== 'checkout' && !submitting}
          summary={summaryOf(key)}
          onEdit={() => {
            if (key === 'centre') onChangeCentre?.();
            else dispatch({ type: 'open', section: key });
          }}
        >
          <Suspense fallback={<PageSpinner />}>{contentOf(key)}</Suspense>
        </FlowSection>
      ))}
    </div>
  );
}
