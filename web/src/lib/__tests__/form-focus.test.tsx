import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { firstInvalidControl, useFocusFirstInvalid } from '../form-focus';

interface Values {
  name: string;
  company: string;
  topics: string[];
}

const required = (v: string) => v.trim() !== '' || 'required';

/**
 * A form whose fields register in another order than they stand: the company registers first,
 * as a field registered in a form's own body does, before the fields of its child components.
 */
function Demo({ filled = {} }: { filled?: Partial<Values> }) {
  const { register, handleSubmit, formState } = useForm<Values>({
    defaultValues: { name: '', company: '', topics: [], ...filled },
    shouldFocusError: false,
  });
  const company = register('company', { validate: required });
  const name = register('name', { validate: required });
  const topics = register('topics', { validate: (v) => v.length > 0 || 'required' });
  const form = useFocusFirstInvalid(formState.submitCount, Object.keys(formState.errors).length > 0);
  const { errors } = formState;
  return (
    <form ref={form} noValidate onSubmit={(event) => void handleSubmit(() => {})(event)}>
      <label htmlFor="name">Name</label>
      <input id="name" aria-invalid={errors.name ? true : undefined} {...name} />
      <label htmlFor="company">Company</label>
      <input id="company" aria-invalid={errors.company ? true : undefined} {...company} />
      {/* A group of checkboxes says it is in error on the group, not on a box. */}
      <fieldset data-invalid={errors.topics ? 'true' : undefined}>
        <legend>Topics</legend>
        <label>
          <input type="checkbox" value="a" {...topics} /> A
        </label>
        <label>
          <input type="checkbox" value="b" {...topics} /> B
        </label>
      </fieldset>
      <button type="submit">Send</button>
    </form>
  );
}

describe('the first field in error takes the focus', () => {
  it('in the order the fields stand, not the order they registered in', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Demo />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('the next field in error once the first is right', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Demo filled={{ name: 'Anna' }} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Company')));
  });

  it('the first box of a group in error', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Demo filled={{ name: 'Anna', company: 'ACME' }} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'A' })));
  });

  it('finds nothing in a form without errors, and skips disabled controls', () => {
    const { container } = render(
      <form>
        <input aria-label="ok" />
        <div data-invalid="true">
          <select aria-label="off" disabled />
          <textarea aria-label="text" />
        </div>
      </form>,
    );
    const form = container.querySelector('form') as HTMLFormElement;
    expect(firstInvalidControl(form)).toBe(screen.getByLabelText('text'));
    (form.querySelector('[data-invalid]') as HTMLElement).removeAttribute('data-invalid');
    expect(firstInvalidControl(form)).toBeNull();
  });
});
