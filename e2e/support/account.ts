import { expect, type Locator, type Page } from '@playwright/test';
import type { DataField } from './customers';

type Answer = string | number | boolean | string[] | null;

/** A label as the form renders it: the field's label, maybe followed by a required marker. */
export function labelPattern(label: string): RegExp {
  return new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`, 'i');
}

export function fieldControl(page: Page, field: DataField): Locator {
  return page.getByLabel(labelPattern(field.label));
}

/** Answers one dynamic data field the way a user would, by its label. */
export async function answerField(page: Page, field: DataField, answer: Answer): Promise<void> {
  if (answer === null) return;
  switch (field.type) {
    case 'text':
    case 'number':
      await fieldControl(page, field).fill(String(answer));
      return;
    case 'date': {
      // Shown as DD/MM/YYYY (my-account.md 5); answers are YYYY-MM-DD.
      const [year, month, day] = String(answer).split('-');
      const control = fieldControl(page, field);
      const type = await control.getAttribute('type');
      await control.fill(type === 'date' ? String(answer) : `${day}/${month}/${year}`);
      return;
    }
    case 'select': {
      const option = field.options.find((candidate) => candidate.value === answer);
      await fieldControl(page, field).selectOption({ label: option?.label ?? String(answer) });
      return;
    }
    case 'multi_select': {
      const values = Array.isArray(answer) ? answer : [String(answer)];
      const group = page.getByRole('group', { name: labelPattern(field.label) });
      for (const value of values) {
        const option = field.options.find((candidate) => candidate.value === value);
        await group.getByLabel(option?.label ?? value, { exact: true }).check();
      }
      return;
    }
    case 'checkbox':
      if (answer === true) await fieldControl(page, field).check();
      return;
  }
}

/** The my-account login form: fills it and submits. */
export async function submitLoginForm(page: Page, username: string, password: string): Promise<void> {
  const form = page.getByRole('main');
  await form.getByLabel(/email/i).fill(username);
  await form.getByLabel(/^password/i).fill(password);
  await form.getByRole('button', { name: /^log ?in$/i }).click();
}

/** Logs out with the account navigation's Log out button. */
export async function logOutFromAccount(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /^log ?out$/i })
    .first()
    .click();
  await expect(page.getByRole('button', { name: /^log ?out$/i })).toHaveCount(0);
}
