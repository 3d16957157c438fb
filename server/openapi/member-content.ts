import { z } from 'zod'
import { commentCreateBody, commentDeleteReply, commentListQuery, commentListReply, commentSchema, replyListQuery, replyListReply } from '../contract/comments'
import { likeBody, likeReply } from '../contract/likes'
import { collectReply, notInterestedReply, postCreateBody, postDetailQuery, postDetailSchema, postListQuery, postListReply, postUpdateBody } from '../contract/posts'
import { categoryListQuery, categorySchema, hotTagsQuery, searchPostsReply, searchQuery, searchReply, tagListQuery, tagSchema, searchPostsQuery, suggestQuery, suggestReply } from '../contract/search'
import { imageUploadReply, multipleUploadReply, videoUploadReply } from '../contract/upload'
import { FOREIGN_MEDIA_MESSAGE } from '../contract/media'
import { doc, type DocRoute } from './route'

/** The ownership rule of a note's media (server/domain/media-ownership.ts), as the note routes describe it. */
const OWN_MEDIA = `图片、视频、封面与正文中的图片须为本人上传的文件（或演示数据的素材），否则 400 ${FOREIGN_MEDIA_MESSAGE}`

const NOTES = '笔记'
const COMMENTS = '评论与点赞'
const DISCOVER = '分类、标签与搜索'
const UPLOAD = '上传'

const fileForm = (field: string, description: string) => z.object({ [field]: z.string().meta({ format: 'binary' }).describe(description) })

/** Notes, comments, likes, categories, tags, search and uploads. */
export function contentDocRoutes(): DocRoute[] {
  return [
    doc({ method: 'get', path: '/posts', tag: NOTES, summary: '笔记列表（信息流）', description: 'status=1/2/3（草稿/审核中/未通过）与 is_draft=1 仅本人可用（XiaoShiLiu v1.3 草稿箱：?user_id=…&status=1）。推荐频道（recommend=1 或 category=recommend）对登录用户个性化排序（同一会话翻页不重复，卡片带 recommend_reason），访客为全站热门', access: 'optional-user', query: postListQuery, data: postListReply, errors: [400, 401, 403] }),
    doc({ method: 'get', path: '/posts/:id', tag: NOTES, summary: '笔记详情', description: '浏览量每人每小时计一次', access: 'optional-user', query: postDetailQuery, data: postDetailSchema, errors: [404] }),
    doc({ method: 'post', path: '/posts', tag: NOTES, summary: '发布笔记或保存草稿', description: `status：1 草稿，2 提交（经笔记审核设置，关闭时直接发布）。含“禁止”敏感词时 400 内容包含不当词语；含“需要审核”的敏感词或笔记审核开启时笔记待审核（回复消息：已提交审核，审核通过后将公开显示）。${OWN_MEDIA}`, access: 'user', body: postCreateBody, data: z.object({ id: z.number().int() }), errors: [400], messages: { 400: FOREIGN_MEDIA_MESSAGE } }),
    doc({ method: 'put', path: '/posts/:id', tag: NOTES, summary: '修改笔记', description: `经敏感词检查；未通过的笔记修改后重新进入审核。${OWN_MEDIA}（笔记已有的图片与视频不受此限）`, access: 'user', body: postUpdateBody, data: z.object({ id: z.number().int() }), errors: [400, 403, 404], messages: { 400: FOREIGN_MEDIA_MESSAGE } }),
    doc({ method: 'delete', path: '/posts/:id', tag: NOTES, summary: '删除笔记', access: 'user', data: z.null(), errors: [403, 404] }),
    doc({ method: 'post', path: '/posts/:id/collect', tag: NOTES, summary: '收藏', description: '幂等（被对方拉黑时 403）', access: 'user', data: collectReply, errors: [403, 404] }),
    doc({ method: 'delete', path: '/posts/:id/collect', tag: NOTES, summary: '取消收藏', access: 'user', data: collectReply, errors: [404] }),
    doc({ method: 'post', path: '/posts/:id/not-interested', tag: NOTES, summary: '不感兴趣', description: '幂等：从推荐中隐藏该笔记，并降低其作者与标签在你的推荐中的权重', access: 'user', data: notInterestedReply, errors: [404] }),
    doc({ method: 'delete', path: '/posts/:id/not-interested', tag: NOTES, summary: '撤销不感兴趣', description: '幂等', access: 'user', data: notInterestedReply, errors: [404] }),
    doc({ method: 'get', path: '/posts/:id/comments', tag: COMMENTS, summary: '笔记的评论', access: 'optional-user', query: commentListQuery, data: commentListReply, errors: [404] }),
    doc({ method: 'get', path: '/comments/:id/replies', tag: COMMENTS, summary: '评论的回复', access: 'optional-user', query: replyListQuery, data: replyListReply, errors: [404] }),
    doc({ method: 'post', path: '/comments', tag: COMMENTS, summary: '发表评论或回复', description: `笔记作者或被回复者拉黑了你时 403；@拉黑了你的用户不会通知对方，也不会成为链接；评论中的图片须为本人上传，否则 400 ${FOREIGN_MEDIA_MESSAGE}`, access: 'user', body: commentCreateBody, data: commentSchema, errors: [400, 403, 404] }),
    doc({ method: 'delete', path: '/comments/:id', tag: COMMENTS, summary: '删除评论', access: 'user', data: commentDeleteReply, errors: [403, 404] }),
    doc({ method: 'post', path: '/likes', tag: COMMENTS, summary: '点赞', description: 'target_type：1 笔记，2 评论；幂等（被对方拉黑时 403）', access: 'user', body: likeBody, data: likeReply, errors: [400, 403, 404] }),
    doc({ method: 'delete', path: '/likes', tag: COMMENTS, summary: '取消点赞', description: '参数可放在请求体或查询字符串', access: 'user', body: likeBody, data: likeReply, errors: [400, 404] }),
    doc({ method: 'get', path: '/categories', tag: DISCOVER, summary: '分类列表', access: 'public', query: categoryListQuery, data: z.array(categorySchema), errors: [400] }),
    doc({ method: 'get', path: '/tags', tag: DISCOVER, summary: '标签列表', description: '按使用次数排序；与 /tags/hot 相同的列表结构', access: 'public', query: tagListQuery, data: z.array(tagSchema), errors: [400] }),
    doc({ method: 'get', path: '/tags/hot', tag: DISCOVER, summary: '热门标签', access: 'public', query: hotTagsQuery, data: z.array(tagSchema), errors: [400] }),
    doc({ method: 'get', path: '/search', tag: DISCOVER, summary: '搜索', description: 'type：all、posts、videos、users', access: 'optional-user', query: searchQuery, data: searchReply, errors: [400] }),
    doc({
      method: 'get',
      path: '/search/posts',
      tag: DISCOVER,
      summary: '搜索笔记',
      access: 'optional-user',
      query: searchPostsQuery,
      data: searchPostsReply,
      errors: [400],
    }),
    doc({
      method: 'get',
      path: '/search/suggest',
      tag: DISCOVER,
      summary: '搜索联想',
      description: '输入时的联想：名称以 q 开头的标签和用户（各最多5个），以及最相关的笔记标题',
      access: 'optional-user',
      query: suggestQuery,
      data: suggestReply,
      errors: [400],
    }),
    doc({ method: 'post', path: '/upload/single', tag: UPLOAD, summary: '上传图片', description: '≤ 5MB，jpg/png/webp', access: 'user', form: fileForm('file', '图片文件'), data: imageUploadReply, errors: [400, 413] }),
    doc({ method: 'post', path: '/upload/image', tag: UPLOAD, summary: '上传图片（字段 image）', access: 'user', form: fileForm('image', '图片文件'), data: imageUploadReply, errors: [400, 413] }),
    doc({ method: 'post', path: '/upload/multiple', tag: UPLOAD, summary: '批量上传图片', description: '最多9张', access: 'user', form: fileForm('files', '图片文件（可多个）'), data: multipleUploadReply, errors: [400, 413] }),
    doc({ method: 'post', path: '/upload/video', tag: UPLOAD, summary: '上传视频', description: '≤ 100MB，mp4/avi/mov；可附 thumbnail 封面', access: 'user', form: fileForm('file', '视频文件'), data: videoUploadReply, errors: [400, 413] }),
  ]
}
