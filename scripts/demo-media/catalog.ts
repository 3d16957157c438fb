/**
 * The picture list: per scene, the categories it fits (best fit first) and one caption per
 * image. Images are numbered in this order, and the variant of each image is its caption's
 * position in the list (so e.g. sky cycles day / sunset / night).
 */
import type { CategorySlug } from '../../server/seed/corpus';
import type { SceneName } from './scenes';

export interface SceneEntry {
  categories: CategorySlug[];
  captions: string[];
}

export const CATALOG: Record<SceneName, SceneEntry> = {
  // variants cycle day / sunset / night
  sky: { categories: ['campus', 'photography', 'travel'], captions: ['今天的天空好温柔', '晚霞承包了整个校园', '夜空下的自习归途', '抬头就是好心情', '宿舍阳台看日落', '晚自习后的月亮', '雨后初晴', '下课路上的粉色天空'] },
  // variants cycle day / day / evening
  buildings: { categories: ['campus', 'photography', 'study'], captions: ['图书馆的清晨', '教学楼的钟声', '夕阳下的老校区', '开学第一天', '行政楼前的小路', '晚自习下课啦', '钟楼下的草坪'] },
  books: { categories: ['study', 'exam', 'market'], captions: ['本月读完的书', '图书馆三楼靠窗位', '专业课教材整理', '期末复习书单', '睡前读几页', '借书卡快满了', '文学课必读清单'] },
  noodles: { categories: ['food', 'campus'], captions: ['二食堂牛肉面', '食堂新窗口测评', '一人食午饭', '宿舍煮面之夜', '今天的套餐十五块', '北门饺子馆', '深夜的一碗热汤面', '食堂阿姨手不抖'] },
  // variants cycle spring / summer / ginkgo / autumn
  trees: { categories: ['campus', 'photography', 'travel'], captions: ['樱花大道开了', '夏天的梧桐路', '银杏黄了', '秋天的第一片红叶', '春日校园漫步', '林荫道散步', '落叶铺满小径'] },
  track: { categories: ['sports', 'campus'], captions: ['东区操场夜跑', '今日配速五分半', '体测八百米加油', '晨跑打卡第三十天', '操场上的风', '运动会彩排'] },
  court: { categories: ['sports', 'clubs'], captions: ['篮球场约球', '三对三斗牛', '体育馆的下午', '院队训练日', '投篮一百个', '周末球局'] },
  stationery: { categories: ['study', 'exam', 'market'], captions: ['期末笔记整理', '手账本新页', '文具开箱', '错题本的力量', '康奈尔笔记法', '今日待办清单', '考前重点归纳'] },
  // variants cycle milk tea / latte / mug
  drinks: { categories: ['food', 'study'], captions: ['自习室续命奶茶', '早八必备咖啡', '宿舍手冲时间', '新品奶茶测评', '图书馆门口的咖啡', '一杯热可可', '下午茶时光'] },
  tech: { categories: ['tech', 'study', 'market'], captions: ['宿舍桌面改造', '写代码的夜晚', '新电脑到手', '效率工具推荐', '大学生数码装备', '课程项目上线啦', '二手平板真香'] },
  // variants cycle vinyl / guitar / headphones
  music: { categories: ['music', 'clubs'], captions: ['宿舍黑胶时间', '吉他入门第一周', '耳机里的世界', '今日单曲循环', '乐队排练日', '通勤路上听什么', '黑胶唱片分享'] },
  fashion: { categories: ['fashion', 'market'], captions: ['一周上课穿搭', '小个子通勤风', '宿舍衣柜整理', '春季穿搭灵感', '学生党平价好物', '毕业照穿什么', '运动风也很好看'] },
  mountains: { categories: ['travel', 'photography'], captions: ['周末爬山去', '湖边露营', '学生党穷游', '山顶看日出', '秋游计划', '骑行到郊外'] },
  camera: { categories: ['photography', 'tech', 'clubs'], captions: ['胶片相机入门', '摄影社外拍', '校园一角', '拍立得记录日常', '扫街小记', '人像练习', '新镜头试拍'] },
  // variants cycle daytime booths / evening stage
  clubs: { categories: ['clubs', 'campus', 'music'], captions: ['社团招新啦', '迎新晚会', '百团大战', '周五晚会彩排', '志愿者集合', '社团之夜', '辩论赛决赛'] },
  market: { categories: ['market'], captions: ['毕业清仓', '闲置好物转让', '教材低价出', '宿舍小家电', '二手台灯', '搬家大甩卖', '九成新出'] },
  countdown: { categories: ['exam', 'study'], captions: ['考研倒计时', '四六级冲刺', '期末周加油', '上岸倒计时', '每日打卡', '模考复盘'] },
  // variants cycle day / sunset
  seaside: { categories: ['travel', 'photography'], captions: ['假期去看海', '海边看日落', '毕业旅行', '海风与晚霞', '暑假的海岛'] },
};
