import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSubmissionKeys } from '@/lib/idempotency';
import { toast } from '@/lib/toast';
import { envelope, failure, recordReceipt } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { CooperationIntentRoute } from '../routes/cooperation-intent';
import { cooperationForm } from './fixtures';

// Whole forms are filled in like a visitor would: give them time on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => resetSubmissionKeys());

function stub(form: { status?: number; body: unknown } = { body: envelope(cooperationForm) }) {
  return mockFetch([
    ['/api/customForm/1', form],
    ['/api/customFormRecord', { body: envelope(recordReceipt()) }],
  ]);
}

describe('the cooperation intent page', () => {
  it('shows a skeleton, then the CMS form with its title and description', async () => {
    stub();
    await renderAt(<CooperationIntentRoute />, '/cooperationIntent');
    expect(screen.getByRole('status')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: '合作意向登记' })).toBeTruthy();
    expect(screen.getByText('感谢您关注节卡机器人。')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: '需求数量' })).toBeTruthy();
  });

  it('names every missing field with its own message', async () => {
    const { requests } = stub();
    const user = userEvent.setup({ delay: null });
    await renderAt(<CooperationIntentRoute />, '/cooperationIntent');
    await user.click(await screen.findByRole('button', { name: '提交' }));
    for (const message of [
      '请输入公司名称',
      '请输入联系人',
      '请输入联系电话',
      '请选择城市',
      '请选择职位类型',
      '请选择计划应用场景',
      '请选择需求数量',
      '请选择获取产品信息的渠道',
      '请先勾选同意服务条款和隐私政策。',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.queryByText(/补充说明/, { selector: '[role=alert]' })).toBeNull();
    expect(requests.filter((r) => r.url.includes('/api/customFormRecord'))).toHaveLength(0);
  });

  it('checks the phone on blur', async () => {
    stub();
    const user = userEvent.setup({ delay: null });
    await renderAt(<CooperationIntentRoute />, '/cooperationIntent');
    await user.type(await screen.findByLabelText('联系电话'), '12');
    await user.tab();
    expect(await screen.findByText('请输入正确的联系电话')).toBeTruthy();
  });

  it('sends the record with the chosen values and goes to /thx', async () => {
    const { requests } = stub();
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup({ delay: null });
    const { router } = await renderAt(<CooperationIntentRoute />, '/cooperationIntent?utm=wx');
    await user.type(await screen.findByLabelText('单位名称'), '节卡合作伙伴');
    await user.type(screen.getByLabelText('联系人'), '王经理');
    await user.type(screen.getByLabelText('联系电话'), '13800138000');
    await screen.findByRole('option', { name: '上海市' });
    await user.selectOptions(screen.getByRole('combobox', { name: '省 / 地区' }), '上海市');
    await user.selectOptions(screen.getByRole('combobox', { name: '城市' }), '浦东新区');
    await user.click(screen.getByRole('radio', { name: '科研人员' }));
    await user.selectOptions(screen.getByLabelText('计划应用场景'), 'education_research');
    await user.click(screen.getByRole('radio', { name: '5–20 台' }));
    await user.selectOptions(screen.getByLabelText('获取产品信息的渠道'), 'baidu_search');
    await user.click(screen.getByRole('checkbox', { name: /我已阅读并同意/ }));
    await user.click(screen.getByRole('button', { name: '提交' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/thx'));
    const sent = requests.find((r) => r.url.includes('/api/customFormRecord'));
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      formId: 1,
      sourcePage: '/cooperationIntent?utm=wx',
      values: {
        companyName: '节卡合作伙伴',
        customerName: '王经理',
        phoneNumber: '13800138000',
        city: '上海市 浦东新区',
        positionType: 'researcher',
        scene: 'education_research',
        requireCount: '5_to_20',
        productInfoGetChannel: 'baidu_search',
      },
    });
    expect(sent?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(success).toHaveBeenCalledWith('提交成功', '客户经理将在 1 个工作日内与您联系。');
  });

  it('offers a retry when the form cannot be loaded', async () => {
    stub({ status: 502, body: failure(502, 'upstream.unavailable', 'unavailable') });
    await renderAt(<CooperationIntentRoute />, '/en/cooperationIntent');
    expect(await screen.findByText('The form could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
