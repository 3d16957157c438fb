import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Avatar } from '../../../common/components/Img'
import { Spinner } from '../../../common/components/Spinner'
import { listSuggestions } from '../../api/following'
import { FollowButton } from '../interactions/FollowButton'

/** The empty 关注 timeline: people to follow (shared interests, follows of follows), each with a follow button. */
export function PeopleToFollow() {
  const q = useQuery({ queryKey: ['users', 'suggestions'], queryFn: () => listSuggestions(10), staleTime: 5 * 60_000 })
  return (
    <section className="following-empty" aria-label="可能想关注的人">
      <div className="feed-empty-art" aria-hidden="true" />
      <p className="following-empty-title">关注的人发布的笔记会出现在这里</p>
      {q.isLoading ? <Spinner size={22} /> : null}
      {q.data && q.data.length > 0 ? (
        <>
          <h2 className="following-suggest-title">你可能想关注</h2>
          <ul className="following-suggest">
            {q.data.map((s) => (
              <li key={s.user_id} className="following-suggest-item">
                <Link to={`/user/${s.user_id}`} className="following-suggest-who">
                  <Avatar src={s.avatar} size={44} />
                  <span className="following-suggest-text">
                    <span className="following-suggest-name">{s.nickname}</span>
                    <span className="following-suggest-reason">{s.reason}</span>
                  </span>
                </Link>
                <FollowButton userId={s.user_id} initial={{ followed: s.isFollowing, isMutual: s.isMutual, buttonType: s.buttonType }} size="sm" />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}
