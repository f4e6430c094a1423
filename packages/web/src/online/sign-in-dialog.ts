/**
 * Signing in and creating an account: a modal dialog with a username and a password. The form
 * checks them with the server's own schema first (so a short password or a bad name is said at
 * once, next to its field), then shows the server's refusal as it is (the name is taken, a wrong
 * password).
 */
import { credentialsSchema, type Account } from '@citadel/protocol';
import { h } from '../dom.ts';
import { closeDialog, showDialog } from '../io-dialogs.ts';
import { signIn } from './account-state.ts';

export type SignInMode = 'sign-in' | 'register';

const sentence = (s: string): string => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
const ending = (s: string): string => (/[.!?]$/.test(s) ? s : `${s}.`);

/** Opens the dialog; resolves to the account once signed in, or null when closed. */
export function openSignIn(mode: SignInMode = 'sign-in', why?: string): Promise<Account | null> {
  return new Promise((done) => {
    let signedIn: Account | null = null;
    const title = h('h2', { id: 'sign-in-title' });
    const username = h('input', {
      id: 'sign-in-username',
      name: 'username',
      autocomplete: 'username',
      autocapitalize: 'none',
      spellcheck: 'false',
      required: true,
      maxlength: 20,
      'aria-describedby': 'sign-in-username-help',
    });
    const password = h('input', {
      id: 'sign-in-password',
      name: 'password',
      type: 'password',
      required: true,
      maxlength: 200,
      'aria-describedby': 'sign-in-password-help',
    });
    const usernameHelp = h('small', { id: 'sign-in-username-help', class: 'field-help' });
    const passwordHelp = h('small', { id: 'sign-in-password-help', class: 'field-help' });
    const error = h('p', { class: 'form-error', role: 'alert' });
    const submit = h('button', { type: 'submit', class: 'primary' });
    const switchText = h('span', {});
    const switchButton = h('button', {
      type: 'button',
      class: 'link-button',
      onclick: () => show(mode === 'sign-in' ? 'register' : 'sign-in'),
    });

    function show(m: SignInMode): void {
      mode = m;
      const creating = m === 'register';
      title.textContent = creating ? 'Create an account' : 'Sign in';
      submit.textContent = creating ? 'Create the account' : 'Sign in';
      password.autocomplete = creating ? 'new-password' : 'current-password';
      usernameHelp.textContent = creating ? '3 to 20 letters, digits, _ or -' : '';
      passwordHelp.textContent = creating ? 'At least 8 characters' : '';
      switchText.textContent = creating ? 'Already have an account? ' : 'No account yet? ';
      switchButton.textContent = creating ? 'Sign in' : 'Create one';
      error.textContent = '';
      for (const input of [username, password]) input.removeAttribute('aria-invalid');
    }

    async function send(): Promise<void> {
      error.textContent = '';
      for (const input of [username, password]) input.removeAttribute('aria-invalid');
      const checked = credentialsSchema.safeParse({
        username: username.value.trim(),
        password: password.value,
      });
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        const field = issue.path[0] === 'password' ? password : username;
        field.setAttribute('aria-invalid', 'true');
        error.textContent = ending(sentence(issue.message));
        field.focus();
        return;
      }
      submit.disabled = true;
      try {
        signedIn = await signIn(checked.data, mode === 'register');
        closeDialog();
      } catch (e) {
        error.textContent = ending(sentence(e instanceof Error ? e.message : String(e)));
        (mode === 'register' && /name/.test(error.textContent) ? username : password).focus();
      } finally {
        submit.disabled = false;
      }
    }

    const dialog = h(
      'dialog',
      { class: 'io-dialog sign-in-dialog', 'aria-labelledby': 'sign-in-title' },
      title,
      why ? h('p', { class: 'sign-in-why' }, why) : null,
      h(
        'form',
        {
          class: 'sign-in-form',
          novalidate: true,
          onsubmit: (e: Event) => {
            e.preventDefault();
            void send();
          },
        },
        h(
          'label',
          { class: 'field', for: username.id },
          h('span', {}, 'Username'),
          username,
          usernameHelp,
        ),
        h(
          'label',
          { class: 'field', for: password.id },
          h('span', {}, 'Password'),
          password,
          passwordHelp,
        ),
        error,
        h(
          'div',
          { class: 'dialog-buttons' },
          submit,
          h('button', { type: 'button', onclick: () => closeDialog() }, 'Cancel'),
        ),
      ),
      h('p', { class: 'sign-in-switch' }, switchText, switchButton),
    );
    dialog.addEventListener('close', () => done(signedIn));
    show(mode);
    showDialog(dialog);
    username.focus();
  });
}
