import type { DemoCategory } from './types';

/** The 12 demo categories, in display order. */
export const CATEGORIES: readonly DemoCategory[] = [
  { name: '学习', category_title: 'study' },
  { name: '美食', category_title: 'food' },
  { name: '校园生活', category_title: 'campus' },
  { name: '运动', category_title: 'sports' },
  { name: '旅行', category_title: 'travel' },
  { name: '穿搭', category_title: 'fashion' },
  { name: '数码', category_title: 'tech' },
  { name: '考研', category_title: 'exam' },
  { name: '社团', category_title: 'clubs' },
  { name: '二手', category_title: 'market' },
  { name: '摄影', category_title: 'photography' },
  { name: '音乐', category_title: 'music' },
];
