/**
 * `?view=games`: a calm picker over the three daily games (Tidings Word, Long Word, Word search)
 * that mounts one framework-free game from `app/games/` at a time and unmounts it (and its
 * document key listener) on switch or leave. Focus moves to the view's heading when it opens and
 * to the game's heading on a switch. The choice is kept in the address (`&game=`).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { LazyViewProps } from '../types.ts';
import { mountWordGame } from '../../games/word-game-view.ts';
import { mountWordSearch } from '../../games/word-search-view.ts';
import css from '../../games/games.css';
import { focusViewTitle, View } from '../../components/View/index.tsx';
import { replaceSearchParam } from '../../lib/replace-param.ts';

const GAMES = [
  { id: 'classic', name: 'Tidings Word', about: 'Five letters, six guesses.' },
  { id: 'long', name: 'Long Word', about: 'Six letters, seven guesses.' },
  { id: 'search', name: 'Word search', about: 'Eight words hidden in a grid.' },
] as const;
type GameId = (typeof GAMES)[number]['id'];

function gameFrom(search: string): GameId {
  const wanted = new URLSearchParams(search).get('game');
  return GAMES.find((g) => g.id === wanted)?.id ?? 'classic';
}

/** The games view. */
export default function GamesView(_props: LazyViewProps) {
  const [game, setGame] = useState<GameId>(() => gameFrom(location.search));
  const host = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const opened = useRef(false);

  useEffect(() => {
    if (!document.getElementById('games-styles')) {
      const style = document.createElement('style');
      style.id = 'games-styles';
      style.textContent = css;
      document.head.append(style);
    }
    focusViewTitle();
  }, []);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const stop = game === 'search' ? mountWordSearch(el) : mountWordGame(el, game);
    if (opened.current) title.current?.focus();
    opened.current = true;
    return () => {
      stop();
      el.className = 'game-host';
    };
  }, [game]);

  const choose = (next: GameId) => {
    replaceSearchParam('game', next);
    setGame(next);
  };
  const current = GAMES.find((g) => g.id === game) ?? GAMES[0];
  return (
    <View title="Games" class="games">
      <p class="quiet">A new puzzle every day, the same for everyone. Your streaks stay on this device.</p>
      <nav aria-label="Choose a game">
        <ul class="game-picker">
          {GAMES.map((g) => (
            <li key={g.id}>
              <button type="button" class="button" aria-pressed={g.id === game} onClick={() => choose(g.id)}>
                <strong>{g.name}</strong>
                <span class="game-about">{g.about}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <h3 id="game-title" ref={title} tabIndex={-1} class="game-title">
        {current.name}
      </h3>
      {current.id !== 'search' && <p class="quiet small">Type on your keyboard or use the keys below; Enter checks a guess.</p>}
      <div ref={host} class="game-host" aria-labelledby="game-title" role="region" />
    </View>
  );
}
