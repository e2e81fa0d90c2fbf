import { createHash } from 'node:crypto';

/**
 * The sandbox provider's own card form: an HTML page, its stylesheet and its script, served by
 * sandbox-pay.routes.ts. Kept as strings (not files beside the code) so the esbuild bundle, tsx
 * and vitest all serve the same bytes with no copy step. The script is plain ES2017 with no
 * template literals; it runs under `script-src 'self'` (no inline script, no eval).
 *
 * Message protocol (all messages are plain objects with a `type`):
 *   parent -> frame  { type: 'sandbox-pay:submit' }          tokenise what is typed
 *   frame -> parent  { type: 'sandbox-pay:ready' }           the form is ready
 *                    { type: 'sandbox-pay:resize', height }   the content height in CSS px
 *                    { type: 'sandbox-pay:challenge' }        a 3-D Secure challenge is showing
 *                    { type: 'sandbox-pay:token', token, card: { brand, last4, expiry_month, expiry_year } }
 *                    { type: 'sandbox-pay:error', message }   checks failed or the card was refused
 * The frame posts only to the parent origin named in its URL (checked by the server against our
 * public URLs) and accepts messages only from that origin and from its parent window.
 */

export const frameCss = `
*, *::before, *::after { box-sizing: border-box; }
html, body { margin: 0; padding: 0; background: transparent; }
body {
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif;
  font-size: 16px;
  line-height: 1.4;
  color: #1f2023;
}
.frame { padding: 2px; }
.field { margin: 0 0 12px; }
.row { display: flex; gap: 12px; }
.row .field { flex: 1 1 0; min-width: 0; }
label { display: block; font-weight: 600; margin-bottom: 4px; }
input {
  display: block;
  width: 100%;
  padding: 10px 12px;
  font: inherit;
  color: inherit;
  background: #fff;
  border: 1px solid #6b6e76;
  border-radius: 4px;
}
input:focus { outline: 3px solid #3e2dac; outline-offset: 1px; }
input[aria-invalid='true'] { border-color: #b3261e; }
.error { color: #b3261e; font-size: 14px; margin: 4px 0 0; min-height: 0; }
.error:empty { display: none; }
.status { font-size: 14px; margin: 0 0 8px; }
.status:empty { display: none; }
.challenge { border: 1px solid #6b6e76; border-radius: 4px; padding: 16px; }
.challenge h1 { font-size: 18px; margin: 0 0 8px; }
.challenge p { margin: 0 0 12px; }
.actions { display: flex; gap: 8px; flex-wrap: wrap; }
button {
  font: inherit;
  padding: 10px 16px;
  border-radius: 4px;
  border: 1px solid #3e2dac;
  cursor: pointer;
}
button.primary { background: #3e2dac; color: #fff; }
button.secondary { background: #fff; color: #3e2dac; }
button:focus-visible { outline: 3px solid #1f2023; outline-offset: 2px; }
button[disabled] { opacity: 0.6; cursor: progress; }
[hidden] { display: none !important; }
.visually-hidden {
  position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
`;

export const frameJs = `
(function () {
  'use strict';
  var parentOrigin = document.body.getAttribute('data-parent-origin') || '';
  var form = document.getElementById('card-form');
  var challenge = document.getElementById('challenge');
  var statusLine = document.getElementById('status');
  var formError = document.getElementById('form-error');
  var passButton = document.getElementById('challenge-pass');
  var failButton = document.getElementById('challenge-fail');
  var fieldIds = ['card_number', 'expiry', 'cvc', 'name'];
  var busy = false;
  var challengeId = null;

  function post(message) {
    if (window.parent && window.parent !== window && parentOrigin) {
      window.parent.postMessage(message, parentOrigin);
    }
  }

  function input(id) { return document.getElementById(id); }

  function setError(id, message) {
    var field = input(id);
    var error = document.getElementById(id + '-error');
    if (message) {
      field.setAttribute('aria-invalid', 'true');
      error.textContent = message;
    } else {
      field.removeAttribute('aria-invalid');
      error.textContent = '';
    }
  }

  function clearErrors() {
    fieldIds.forEach(function (id) { setError(id, ''); });
    formError.textContent = '';
  }

  function showErrors(errors) {
    var first = null;
    fieldIds.forEach(function (id) {
      if (errors[id]) {
        setError(id, errors[id]);
        if (!first) first = id;
      }
    });
    if (first) input(first).focus();
  }

  function setBusy(value) {
    busy = value;
    statusLine.textContent = value ? 'Checking your card...' : '';
    fieldIds.forEach(function (id) { input(id).readOnly = value; });
    passButton.disabled = value;
    failButton.disabled = value;
  }

  function parseExpiry(value) {
    var match = /^\\s*(\\d{1,2})\\s*\\/\\s*(\\d{2}|\\d{4})\\s*$/.exec(value);
    if (!match) return null;
    var year = Number(match[2]);
    return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
  }

  function request(url, payload) {
    return fetch(url, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload)
    }).then(function (response) {
      return response.json().then(
        function (body) { return { status: response.status, body: body || {} }; },
        function () { return { status: response.status, body: {} }; }
      );
    });
  }

  function fail(message) {
    formError.textContent = message;
    post({ type: 'sandbox-pay:error', message: message });
  }

  // A token is not a payment: the bank may still decline the charge, and the page says so.
  function tokenised(body) {
    statusLine.textContent = '';
    post({ type: 'sandbox-pay:token', token: body.token, card: body.card });
  }

  function showForm() {
    challengeId = null;
    challenge.hidden = true;
    form.hidden = false;
  }

  function showChallenge(id) {
    challengeId = id;
    form.hidden = true;
    challenge.hidden = false;
    document.getElementById('challenge-heading').focus();
    post({ type: 'sandbox-pay:challenge' });
  }

  function answer(result) {
    setBusy(false);
    var body = result.body;
    if (result.status === 200 && body.challenge_id) { showChallenge(body.challenge_id); return; }
    if (result.status === 200 && body.token) { showForm(); tokenised(body); return; }
    if (result.status === 422 && body.errors) {
      var errors = body.errors;
      var expiry = (errors.expiry_month || errors.expiry_year || [])[0];
      showErrors({
        card_number: (errors.card_number || [])[0],
        expiry: expiry,
        cvc: (errors.cvc || [])[0],
        name: (errors.name || [])[0]
      });
      fail(body.message || 'Check your card details.');
      return;
    }
    showForm();
    fail(body.message || 'Your card could not be checked, please try again.');
  }

  function broken() {
    setBusy(false);
    showForm();
    fail('Your card could not be checked, please try again.');
  }

  function submit() {
    if (busy || !form || form.hidden) return;
    clearErrors();
    var number = input('card_number').value.replace(/[\\s-]/g, '');
    var expiry = parseExpiry(input('expiry').value);
    var cvc = input('cvc').value.trim();
    var name = input('name').value.trim();
    var errors = {};
    if (!/^\\d{12,19}$/.test(number)) errors.card_number = 'Please enter a valid card number';
    if (!expiry || expiry.month < 1 || expiry.month > 12) errors.expiry = 'Please enter a valid expiry date';
    if (!/^\\d{3,4}$/.test(cvc)) errors.cvc = 'Please enter a valid security code';
    if (!name) errors.name = 'Enter the name on the card.';
    if (Object.keys(errors).length > 0) {
      showErrors(errors);
      fail('Check your card details.');
      return;
    }
    setBusy(true);
    request('/sandbox-pay/tokens', {
      card_number: number,
      expiry_month: expiry.month,
      expiry_year: expiry.year,
      cvc: cvc,
      name: name
    }).then(answer, broken);
  }

  function decide(outcome) {
    if (busy || !challengeId) return;
    setBusy(true);
    request('/sandbox-pay/challenges/' + encodeURIComponent(challengeId), { outcome: outcome }).then(
      function (result) {
        if (result.status === 200 && result.body.token) {
          setBusy(false);
          showForm();
          tokenised(result.body);
          return;
        }
        setBusy(false);
        showForm();
        fail((result.body && result.body.message) || 'Authentication failed');
      },
      broken
    );
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    submit();
  });
  passButton.addEventListener('click', function () { decide('pass'); });
  failButton.addEventListener('click', function () { decide('fail'); });

  window.addEventListener('message', function (event) {
    if (event.origin !== parentOrigin || event.source !== window.parent) return;
    var data = event.data;
    if (data && typeof data === 'object' && data.type === 'sandbox-pay:submit') submit();
  });

  var lastHeight = 0;
  function reportHeight() {
    var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== lastHeight) {
      lastHeight = height;
      post({ type: 'sandbox-pay:resize', height: height });
    }
  }
  if (typeof ResizeObserver === 'function') new ResizeObserver(reportHeight).observe(document.body);
  reportHeight();
  post({ type: 'sandbox-pay:ready' });
})();
`;

function fingerprint(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

/** Content hashes for cache-busting the stylesheet and script URLs. */
export const frameAssetVersions = { css: fingerprint(frameCss), js: fingerprint(frameJs) };

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/** The card form page for a parent at `parentOrigin` (already checked against our public URLs). */
export function frameHtml(parentOrigin: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Card details</title>
<link rel="stylesheet" href="/sandbox-pay/frame.css?v=${frameAssetVersions.css}">
<script src="/sandbox-pay/frame.js?v=${frameAssetVersions.js}" defer></script>
</head>
<body data-parent-origin="${escapeAttribute(parentOrigin)}">
<!-- A neutral container: the page that embeds this form has the one main landmark. -->
<div class="frame">
<form id="card-form" novalidate>
  <p id="status" class="status" role="status" aria-live="polite"></p>
  <div class="field">
    <label for="card_number">Card number</label>
    <input id="card_number" name="card_number" type="text" inputmode="numeric" autocomplete="cc-number"
      maxlength="23" spellcheck="false" aria-describedby="card_number-error">
    <p id="card_number-error" class="error"></p>
  </div>
  <div class="row">
    <div class="field">
      <label for="expiry">Expiry (MM/YY)</label>
      <input id="expiry" name="expiry" type="text" inputmode="numeric" autocomplete="cc-exp"
        maxlength="7" placeholder="MM/YY" spellcheck="false" aria-describedby="expiry-error">
      <p id="expiry-error" class="error"></p>
    </div>
    <div class="field">
      <label for="cvc">CVC</label>
      <input id="cvc" name="cvc" type="text" inputmode="numeric" autocomplete="cc-csc"
        maxlength="4" spellcheck="false" aria-describedby="cvc-error">
      <p id="cvc-error" class="error"></p>
    </div>
  </div>
  <div class="field">
    <label for="name">Name on card</label>
    <input id="name" name="name" type="text" autocomplete="cc-name" maxlength="100"
      aria-describedby="name-error">
    <p id="name-error" class="error"></p>
  </div>
  <p id="form-error" class="error" role="alert"></p>
  <button type="submit" class="visually-hidden" tabindex="-1">Check card</button>
</form>
<section id="challenge" class="challenge" aria-labelledby="challenge-heading" hidden>
  <h1 id="challenge-heading" tabindex="-1">Complete authentication</h1>
  <p>Your bank asks you to confirm this payment. This is a test: choose the outcome.</p>
  <div class="actions">
    <button type="button" id="challenge-pass" class="primary">Authenticate</button>
    <button type="button" id="challenge-fail" class="secondary">Fail authentication</button>
  </div>
</section>
</div>
</body>
</html>
`;
}

/** Shown instead of the form when the frame is asked for by a page that is not ours. */
export const refusedHtml = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Card details</title></head>
<body><p>This payment form cannot be shown here.</p></body>
</html>
`;
