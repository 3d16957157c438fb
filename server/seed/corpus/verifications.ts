import type { VerificationSample } from './types';

// Verification applications (reason <= 200). The form's other fields
// (real name, ID number, credit code, phone) are left to the seeder.

export const VERIFICATION_SAMPLES: readonly VerificationSample[] = [
  { type: 'personal', who: '在校学生 / 美食博主', reason: '长期分享学校食堂和周边美食测评，已发布笔记六十余篇，希望通过个人认证让同学们更信任我的推荐。' },
  { type: 'personal', who: '摄影社社长', reason: '担任校摄影社社长两年，组织外拍和摄影展十余次，希望认证后更方便发布社团活动和摄影教程。' },
  { type: 'personal', who: '穿搭博主', reason: '持续分享学生党平价穿搭，内容原创，希望获得个人认证，方便与同学交流。' },
  { type: 'personal', who: '独立开发者', reason: '开发并维护两个校园效率小程序，经常分享编程和效率工具相关内容，申请个人认证。' },
  { type: 'personal', who: '心理学研究生', reason: '应用心理学专业研究生，分享情绪管理和睡眠相关的科普内容，希望通过认证提升内容可信度。' },
  { type: 'personal', who: '植物学博士生', reason: '植物学专业博士在读，持续记录校园植物和自然观察，申请个人认证。' },
  { type: 'personal', who: '考研经验分享者', reason: '二战上岸后整理了完整的备考经验，帮助过多位学弟学妹，希望认证后分享更多资料。' },
  { type: 'personal', who: '校篮球队队员', reason: '校篮球队成员，分享训练计划和比赛记录，希望认证。' },
  { type: 'official', who: '校图书馆', reason: '学校图书馆官方账号，用于发布开放时间调整、新书推荐和座位预约提醒。' },
  { type: 'official', who: '校学生会', reason: '校学生会官方账号，用于发布社团招新、校园活动和权益反馈相关信息。' },
  { type: 'official', who: '校园跑团', reason: '学校注册的学生体育社团，用于发布每周集体跑步活动与赛事信息。' },
  { type: 'official', who: '志愿者协会', reason: '校级志愿者协会，负责社区服务和支教项目招募，申请机构认证以便发布招募信息。' },
  { type: 'official', who: '计算机学院团委', reason: '计算机学院团委官方账号，用于发布学院讲座、竞赛通知与学生活动。' },
  { type: 'official', who: '校医院', reason: '学校医院官方账号，用于发布门诊时间、健康科普和体检通知。' },
];
