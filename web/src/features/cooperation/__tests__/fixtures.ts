/** The cooperation form as the CMS defines it, shaped like the contract. */

const option = (value: string, label: string) => ({ value, label });

export const cooperationForm = {
  id: 1,
  title: '合作意向登记',
  description: '<p>感谢您关注节卡机器人。</p>',
  fields: [
    { name: 'companyName', label: '单位名称', type: 'text', required: true, maxLength: 100, placeholder: null, options: [] },
    { name: 'customerName', label: '联系人', type: 'text', required: true, maxLength: 50, placeholder: null, options: [] },
    { name: 'phoneNumber', label: '联系电话', type: 'phone', required: true, maxLength: 32, placeholder: null, options: [] },
    { name: 'city', label: '企业所在城市', type: 'city', required: true, maxLength: null, placeholder: null, options: [] },
    {
      name: 'positionType',
      label: '职位类型',
      type: 'radio',
      required: true,
      maxLength: null,
      placeholder: null,
      options: [option('sales', '销售'), option('procurement', '采购'), option('technical', '技术'), option('researcher', '科研人员'), option('individual', '个人')],
    },
    {
      name: 'scene',
      label: '计划应用场景',
      type: 'select',
      required: true,
      maxLength: null,
      placeholder: null,
      options: [option('retail', '零售'), option('household', '家庭'), option('education_research', '教育科研'), option('other', '其他')],
    },
    {
      name: 'requireCount',
      label: '需求数量',
      type: 'radio',
      required: true,
      maxLength: null,
      placeholder: null,
      options: [option('under_5', '5 台以下'), option('5_to_20', '5–20 台'), option('over_20', '20 台以上')],
    },
    {
      name: 'productInfoGetChannel',
      label: '获取产品信息的渠道',
      type: 'select',
      required: true,
      maxLength: null,
      placeholder: null,
      options: [option('official_platform', '官方平台（官网、公众号）'), option('baidu_search', '百度搜索'), option('other', '其他')],
    },
    { name: 'remark', label: '补充说明', type: 'textarea', required: false, maxLength: 500, placeholder: '例如：预计采购时间', options: [] },
  ],
};
