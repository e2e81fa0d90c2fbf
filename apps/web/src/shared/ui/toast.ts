import { toast } from 'sonner';

/** The spec's toast durations (shell-session-basket.md 9); 0 keeps a toast until it is closed. */
export const toastDuration = {
  short: 3_000,
  default: 5_000,
  long: 10_000,
  sticky: Number.POSITIVE_INFINITY,
} as const;

export interface ToastOptions {
  description?: string;
  duration?: number;
}

export const notify = {
  success: (message: string, options: ToastOptions = {}) =>
    toast.success(message, {
      duration: options.duration ?? toastDuration.default,
      description: options.description,
    }),
  error: (message: string, options: ToastOptions = {}) =>
    toast.error(message, {
      duration: options.duration ?? toastDuration.default,
      description: options.description,
    }),
  info: (message: string, options: ToastOptions = {}) =>
    toast(message, { duration: options.duration ?? toastDuration.default, description: options.description }),
  /** Server validation messages: a toast titled 'Validation errors' with the messages as a list. */
  validation: (messages: string[]) =>
    toast.error('Validation errors', { duration: toastDuration.long, description: messages.join('\n') }),
};
