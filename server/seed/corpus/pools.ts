// Variation pools. A generator can make several notes from one template:
//   title   = template.title + pick(TITLE_SUFFIXES)                (<= 100)
//   content = [pick(BODY_OPENERS), template.content, pick(BODY_CLOSERS)]
//               .filter(Boolean).join('\n')                         (<= 2000)
// The empty string in each pool means "no variation".

export const TITLE_SUFFIXES: readonly string[] = [
  '', '', '', '｜记录一下', '（附清单）', '｜建议收藏', '｜真实分享', '｜第二弹',
  '（长文预警）', '｜学生党必看', '｜亲测有效', '｜持续更新', '｜碎碎念', '｜新手向',
];

export const BODY_OPENERS: readonly string[] = [
  '', '', '', '先说结论：值得。', '最近好多同学私信问，统一回复一下～', '碎碎念一下。',
  '今天终于有空来更新啦。', '纯个人经验，仅供参考。', '之前答应大家的，来交作业了。',
  '被室友催了好几次，终于写完了。', '上一篇反响不错，继续分享。', '随手记录，不喜勿喷。',
];

export const BODY_CLOSERS: readonly string[] = [
  '', '', '', '有问题评论区见～', '觉得有用的话点个收藏吧！', '大家还有什么想看的，评论区告诉我。',
  '以上，希望对你有帮助。', '下次见！', '欢迎同校的同学来交流。', '如果有说得不对的地方，欢迎指正。',
  '祝大家都顺顺利利。', '关注我，持续更新校园生活。',
];

/** Places on a typical campus, for generated locations or extra variation. */
export const CAMPUS_PLACES: readonly string[] = [
  '图书馆三楼', '图书馆一楼阅览区', '一食堂', '二食堂', '三食堂', '清真食堂', '东区操场', '西区篮球场',
  '体育馆', '游泳馆', '南区宿舍', '北区宿舍', '教学楼A座', '实验楼', '艺术楼琴房', '学生活动中心',
  '湖边长椅', '樱花大道', '银杏大道', '北门小吃街', '南门咖啡店', '快递站', '校医院', '行政楼',
];

/** Cities/provinces used for note and user locations. */
export const LOCATIONS: readonly string[] = [
  '北京', '上海', '广东', '浙江', '江苏', '四川', '湖北', '湖南', '陕西', '山东', '福建', '重庆',
  '天津', '河南', '安徽', '辽宁', '云南', '黑龙江', '河北', '甘肃',
];
