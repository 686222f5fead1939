import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { envelope } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { countryOptions, regionQuery } from '../components/regions';
import { ProviderRoute } from '../routes/provider';
import { dealer, error } from './fixtures';

// Pages with several requests and typing: generous on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('the partner lookup by full company name', () => {
  it('finds a partner by its exact full name and shows its authorisation', async () => {
    const { requests } = mockFetch([['/api/service/validateDealer/', { body: envelope(dealer) }]]);
    const user = userEvent.setup();
    await renderAt(<ProviderRoute />, '/en/provider');
    await user.type(screen.getByRole('textbox', { name: 'Full company name' }), '  Robotec Automation GmbH ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const card = await screen.findByRole('article', { name: 'Robotec Automation GmbH' });
    expect(within(card).getByText('Authorised partner')).toBeTruthy();
    expect(within(card).getByText('JAKA-DE-2026-0001')).toBeTruthy();
    expect(requests[0]?.url).toBe('/prod-api/api/service/validateDealer/Robotec%20Automation%20GmbH');
  });

  it("answers a part of a name with 'Corresponding suppliers not found for the time being'", async () => {
    mockFetch([['/api/service/validateDealer/', error(404, 'resource.not_found')]]);
    const user = userEvent.setup();
    await renderAt(<ProviderRoute />, '/en/provider');
    await user.type(screen.getByRole('textbox', { name: 'Full company name' }), 'Robotec');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Corresponding suppliers not found for the time being');
  });

  it('encodes a name as one path segment', async () => {
    const { requests } = mockFetch([['/api/service/validateDealer/', error(404, 'dealer.not_found')]]);
    const user = userEvent.setup();
    await renderAt(<ProviderRoute />, '/provider');
    await user.type(screen.getByRole('textbox', { name: '企业全称' }), 'A/B #1 & 上海');
    await user.click(screen.getByRole('button', { name: '查询' }));
    await screen.findByText('暂未查询到对应的供应商');
    expect(requests[0]?.url).toBe('/prod-api/api/service/validateDealer/A%2FB%20%231%20%26%20%E4%B8%8A%E6%B5%B7');
  });

  it('asks for the full name when the field is empty or too short, on blur', async () => {
    const { requests } = mockFetch([]);
    const user = userEvent.setup();
    await renderAt(<ProviderRoute />, '/en/provider');
    const input = screen.getByRole('textbox', { name: 'Full company name' });
    await user.click(input);
    await user.tab();
    expect(await screen.findByText('Please enter the full company name')).toBeTruthy();
    await user.type(input, 'R');
    await user.tab();
    expect(await screen.findByText('Please enter the full company name, not part of it')).toBeTruthy();
    expect(requests).toEqual([]);
  });
});

describe('the region lookup', () => {
  it('asks with a Chinese province name, or a country’s English name', () => {
    expect(regionQuery('CN', '江苏')).toBe('江苏');
    expect(regionQuery('CN', '')).toBeNull();
    expect(regionQuery('JP', '')).toBe('Japan');
    expect(regionQuery('XX', '')).toBeNull();
    expect(countryOptions('de')[0]).toEqual({ code: 'CN', label: 'China' });
    expect(countryOptions('de').map((o) => o.label)).toContain('Südkorea');
  });

  it('lists the partners of a province, starting from China on the Chinese pages', async () => {
    const { requests } = mockFetch([['/api/service/selectCustomerRegion', { body: envelope([{ ...dealer, companyName: '苏州智协机器人科技有限公司', region: '华东' }]) }]]);
    const user = userEvent.setup();
    await renderAt(<ProviderRoute />, '/provider');
    expect(screen.getByRole('combobox', { name: '国家/地区' })).toHaveProperty('value', 'CN');
    await user.click(screen.getByRole('button', { name: '查询伙伴' }));
    expect(await screen.findByText('请先选择省份')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: '省份' }), '江苏');
    await user.click(screen.getByRole('button', { name: '查询伙伴' }));
    expect(await screen.findByRole('heading', { name: '苏州智协机器人科技有限公司' })).toBeTruthy();
    expect(decodeURIComponent(requests[0]?.url ?? '')).toBe('/prod-api/api/service/selectCustomerRegion?region=江苏');
  });

  it('says when a country has no partner yet', async () => {
    const { requests } = mockFetch([['/api/service/selectCustomerRegion', { body: envelope([]) }]]);
    const user = userEvent.setup();
    await renderAt(<ProviderRoute />, '/jp/provider');
    await user.click(screen.getByRole('button', { name: 'パートナーを探す' }));
    expect(await screen.findByText('この地域にはまだ正規パートナーがいません。')).toBeTruthy();
    await waitFor(() => expect(requests[0]?.url).toBe('/prod-api/api/service/selectCustomerRegion?region=Japan'));
    expect(requests[0]?.headers.get('lang')).toBe('ja');
  });
});
