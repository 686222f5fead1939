/** Contract-shaped bodies for the enquiry forms' tests. */

export const receipt = (queued = false) => ({ clueId: queued ? null : 'CL2026050400001', duplicate: false, queued });

export const industries = [
  { dictValue: 'automotive', dictLabel: 'Automotive & parts' },
  { dictValue: 'electronics', dictLabel: 'Electronics' },
];

export const companyTypes = [
  { dictValue: 'end_user', dictLabel: 'End user' },
  { dictValue: 'integrator', dictLabel: 'System integrator' },
];

const option = (value: string, label: string) => ({ value, label });

export const prototypeForm = {
  id: 2,
  title: 'Request a demo unit',
  description: '<p>Qualified companies can test a JAKA cobot free of charge for two weeks.</p>',
  fields: [
    { name: 'companyName', label: 'Company', type: 'text', required: true, maxLength: 100, placeholder: null, options: [] },
    { name: 'userName', label: 'Name', type: 'text', required: true, maxLength: 50, placeholder: null, options: [] },
    { name: 'email', label: 'Email', type: 'email', required: true, maxLength: 254, placeholder: null, options: [] },
    { name: 'country', label: 'Country', type: 'country', required: true, maxLength: null, placeholder: null, options: [] },
    {
      name: 'productModel',
      label: 'Model',
      type: 'select',
      required: true,
      maxLength: null,
      placeholder: null,
      options: [option('zu-5', 'JAKA Zu 5'), option('minicobo', 'JAKA MiniCobo')],
    },
  ],
};

export const competitionForm = {
  id: 4,
  title: 'JAKA 开发者大赛报名',
  description: '<p>报名截止：2027 年 1 月 15 日。</p>',
  fields: [
    { name: 'competeType', label: '参赛形式', type: 'radio', required: true, maxLength: null, placeholder: null, options: [option('individual', '个人'), option('team', '团队（2–5 人）')] },
    {
      name: 'careerType',
      label: '职业类型',
      type: 'select',
      required: true,
      maxLength: null,
      placeholder: null,
      options: [option('student', '在校学生'), option('engineer', '企业工程师')],
    },
    { name: 'researchFiled', label: '研究 / 工作领域及单位', type: 'text', required: true, maxLength: 200, placeholder: null, options: [] },
    {
      name: 'productModel',
      label: '所开发的智能产品型号',
      type: 'select',
      required: true,
      maxLength: null,
      placeholder: null,
      options: [option('minicobo', 'JAKA MiniCobo'), option('zu-3', 'JAKA Zu 3')],
    },
    { name: 'codeLink', label: '作品链接', type: 'text', required: true, maxLength: 500, placeholder: 'GitHub 或 Gitee 仓库地址', options: [] },
    { name: 'hasAgreed', label: '知识产权协议', type: 'checkbox', required: true, maxLength: null, placeholder: null, options: [option('yes', '我已阅读并同意《知识产权协议》')] },
  ],
};
