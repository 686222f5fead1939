import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSubmissionKeys } from '@/lib/idempotency';
import { toast } from '@/lib/toast';
import { envelope } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { CompetitionFormSlot } from '../components/competition-form-slot';

// Whole forms are filled in like a visitor would: give them time on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => resetSubmissionKeys());

const option = (value: string, label: string) => ({ value, label });

// The developer challenge sign-up as the CMS defines it (customForm/4).
const competitionForm = {
  id: 4,
  title: 'JAKA 开发者大赛报名',
  description: '<p>报名截止：2027 年 1 月 15 日。</p>',
  fields: [
    { name: 'competeType', label: '参赛形式', type: 'radio', required: true, maxLength: null, placeholder: null, options: [option('individual', '个人'), option('team', '团队（2–5 人）')] },
    { name: 'careerType', label: '职业类型', type: 'select', required: true, maxLength: null, placeholder: null, options: [option('student', '在校学生'), option('engineer', '企业工程师')] },
    { name: 'researchFiled', label: '研究 / 工作领域及单位', type: 'text', required: true, maxLength: 200, placeholder: null, options: [] },
    { name: 'productModel', label: '所开发的智能产品型号', type: 'select', required: true, maxLength: null, placeholder: null, options: [option('minicobo', 'JAKA MiniCobo'), option('zu-3', 'JAKA Zu 3')] },
    { name: 'codeLink', label: '作品链接', type: 'text', required: true, maxLength: 500, placeholder: 'GitHub 或 Gitee 仓库地址', options: [] },
    { name: 'hasAgreed', label: '知识产权协议', type: 'checkbox', required: true, maxLength: null, placeholder: null, options: [option('yes', '我已阅读并同意《知识产权协议》')] },
  ],
};

function stub() {
  return mockFetch([
    ['/api/customForm/4', { body: envelope(competitionForm) }],
    ['/api/customFormRecord', { body: envelope({ recordId: 70002, duplicate: false, queued: false }) }],
  ]);
}

describe('the competition sign-up', () => {
  it('asks for all six fields with the messages of spec section 5', async () => {
    const { requests } = stub();
    const user = userEvent.setup({ delay: null });
    await renderAt(<CompetitionFormSlot />, '/activity');
    await user.click(await screen.findByRole('button', { name: '提交报名' }));
    for (const message of ['请选择参赛形式', '请选择职业类型', '请输入研究/工作领域及单位', '请选择所开发的具备智能产品型号', '请输入作品链接', '请阅读并同意知识产权协议']) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(requests.some((r) => r.url.includes('/api/customFormRecord'))).toBe(false);
  });

  it('speaks the visitor’s language', async () => {
    stub();
    const user = userEvent.setup({ delay: null });
    await renderAt(<CompetitionFormSlot />, '/en/activity');
    await user.click(await screen.findByRole('button', { name: 'Submit my entry' }));
    expect(await screen.findByText('Please read and agree to the Intellectual Property Agreement')).toBeTruthy();
    expect(screen.getByText('Please choose how you are entering')).toBeTruthy();
  });

  it('links the intellectual property agreement in a new tab', async () => {
    stub();
    await renderAt(<CompetitionFormSlot />, '/en/activity');
    const link = await screen.findByRole('link', { name: /Intellectual Property Agreement/ });
    expect(link.getAttribute('href')).toBe('/en/imprint?key=ip-agreement');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('sends the entry, thanks the visitor and clears the form', async () => {
    const { requests } = stub();
    const success = vi.spyOn(toast, 'success');
    const onSubmitted = vi.fn();
    const user = userEvent.setup({ delay: null });
    await renderAt(<CompetitionFormSlot onSubmitted={onSubmitted} />, '/activity');
    await user.click(await screen.findByRole('radio', { name: '团队（2–5 人）' }));
    await user.selectOptions(screen.getByLabelText('职业类型'), 'student');
    await user.type(screen.getByLabelText('研究 / 工作领域及单位'), '机器人视觉，上海交通大学');
    await user.selectOptions(screen.getByLabelText('所开发的智能产品型号'), 'minicobo');
    await user.type(screen.getByLabelText('作品链接'), 'https://gitee.com/team/cobo');
    await user.click(screen.getByRole('checkbox', { name: '我已阅读并同意《知识产权协议》' }));
    await user.click(screen.getByRole('button', { name: '提交报名' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    const sent = requests.find((r) => r.url.includes('/api/customFormRecord'));
    expect((JSON.parse(sent?.body ?? '') as { values: unknown }).values).toEqual({
      competeType: 'team',
      careerType: 'student',
      researchFiled: '机器人视觉，上海交通大学',
      productModel: 'minicobo',
      codeLink: 'https://gitee.com/team/cobo',
      hasAgreed: 'yes',
    });
    expect(success).toHaveBeenCalledWith('报名已提交', '我们将与您联系，告知大赛后续安排。');
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('作品链接').value).toBe(''));
  });
});
