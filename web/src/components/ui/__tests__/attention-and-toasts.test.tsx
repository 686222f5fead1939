import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { attentionStore, requestAttention } from '@/lib/attention';
import { toast } from '@/lib/toast';
import { renderAt } from '@/testing/render';
import { AttentionDialog } from '../attention-dialog';
import { Toaster } from '../toaster';

describe('the attention dialog', () => {
  it('resolves true on confirm and false on cancel', async () => {
    const user = userEvent.setup();
    await renderAt(<AttentionDialog />, '/en/index');
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = requestAttention({ message: 'Delete the draft?' });
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Attention' });
    expect(within(dialog).getByText('Delete the draft?')).toBeTruthy();
    // Focus starts on the safe choice.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    act(() => {
      answer = requestAttention({ title: 'Sure?', message: 'x', cancelLabel: 'No', confirmLabel: 'Yes' });
    });
    const second = await screen.findByRole('alertdialog', { name: 'Sure?' });
    await user.click(within(second).getByRole('button', { name: 'No' }));
    await expect(answer).resolves.toBe(false);
  });

  it('resolves false on Escape, and keeps focus inside while open', async () => {
    const user = userEvent.setup();
    await renderAt(<AttentionDialog />, '/jp/index');
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = requestAttention({ message: '続けますか？' });
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'ご確認ください' });
    await user.tab();
    await user.tab();
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
  });

  it('answers an open question with false when a newer one replaces it', async () => {
    const first = requestAttention({ message: 'one' });
    const second = requestAttention({ message: 'two' });
    await expect(first).resolves.toBe(false);
    expect(attentionStore.get()?.message).toBe('two');
    attentionStore.get()?.resolve(true);
    await expect(second).resolves.toBe(true);
    expect(attentionStore.get()).toBeNull();
  });
});

describe('toasts', () => {
  it('sent before the toaster is there are shown once it is mounted', async () => {
    toast.success('Saved');
    toast.info('Nothing changed');
    await renderAt(<Toaster />, '/en/index');
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(screen.getByText('Nothing changed')).toBeTruthy();
    act(() => toast.error('Submission failed!'));
    expect(await screen.findByText('Submission failed!')).toBeTruthy();
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeTruthy();
  });
});
