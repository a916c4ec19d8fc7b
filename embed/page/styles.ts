// The player's whole stylesheet, inlined into the page (no second request before first paint).
// Dark, full-bleed, sized by the frame it lives in (16:9 iframe or a full page).

/**
 * The gradient placeholder of a picture that has none, tinted by `--h` (a hue, 0..359; the
 * player's `hueOf(id)`). Exported so the Studio draws the very same placeholder for a stance.
 */
export const PLACEHOLDER_BACKGROUND =
  "radial-gradient(75% 65% at 74% 16%,hsl(var(--h) 80% 66%/.62),transparent 66%),radial-gradient(55% 50% at 10% 40%,hsl(calc(var(--h) - 40) 70% 55%/.3),transparent 70%),radial-gradient(60% 55% at 30% 100%,hsl(calc(var(--h) + 48) 72% 50%/.4),transparent 70%),linear-gradient(165deg,hsl(var(--h) 45% 24%),hsl(calc(var(--h) + 28) 50% 7%))";

const CSS = String.raw`
:root{color-scheme:dark;--fg:#f6f5fa;--fg2:rgba(246,245,250,.8);--line:rgba(255,255,255,.16);--glass:rgba(16,14,24,.58);--accent:#a78bfa;--accent2:#7c3aed;--pad:clamp(12px,3.4vmin,36px);font:400 16px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
*,*::before,*::after{box-sizing:border-box}
html,body{height:100%;margin:0;background:#08070c;color:var(--fg)}
body{overflow:hidden;-webkit-font-smoothing:antialiased}
button{font:inherit;color:inherit;margin:0}
[hidden]{display:none!important}
:focus-visible{outline:2px solid #c4b5fd;outline-offset:2px}
.pw{position:relative;height:100%;overflow:hidden;isolation:isolate}
.pw-stage{position:absolute;inset:0;z-index:-2;background:#0d0b14;overflow:hidden}
.pw-layer{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;opacity:0;transition:opacity .7s ease,transform 8s ease-out;transform:scale(1.035)}
.pw-layer.on{opacity:1;transform:scale(1)}
.pw-frame{position:absolute;inset:0;width:100%;height:100%;max-width:none;object-fit:cover}
.pw-frame.is-placed{inset:auto;object-fit:fill}
.pw-part{position:absolute;overflow:hidden;pointer-events:none}
.pw-part img{position:absolute;max-width:none}
.pw-ph,.pw.is-loading .pw-stage{--h:262;background:${PLACEHOLDER_BACKGROUND}}
.pw-shade{position:absolute;inset:0;z-index:-1;pointer-events:none;background:linear-gradient(180deg,rgba(7,6,11,.6) 0,rgba(7,6,11,0) 20%,rgba(7,6,11,0) 36%,rgba(7,6,11,.7) 66%,rgba(7,6,11,.93) 100%)}
.pw.pulse .pw-stage{animation:pw-pulse .9s ease}
@keyframes pw-pulse{30%{filter:brightness(1.25) saturate(1.15)}}
.pw-top{position:absolute;top:0;left:0;right:0;display:flex;align-items:center;gap:10px;padding:calc(var(--pad)*.75) var(--pad)}
.pw-title{margin:0;min-width:0;flex:1;display:flex;align-items:center;gap:9px;font-size:clamp(12px,1.6vmin + 7px,16px);font-weight:600;letter-spacing:.01em;text-shadow:0 1px 10px rgba(0,0,0,.7)}
.pw-name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.pw-mark{width:9px;height:9px;flex:none;border-radius:2px;transform:rotate(45deg);background:linear-gradient(135deg,#ddd6fe,#7c3aed);box-shadow:0 0 14px #8b5cf6}
.pw-badge{flex:none;padding:2px 8px;border-radius:999px;background:rgba(251,191,36,.16);color:#fcd34d;border:1px solid rgba(251,191,36,.4);font-size:10.5px;font-weight:650;letter-spacing:.08em;text-transform:uppercase}
.pw-icon{flex:none;display:grid;place-items:center;width:34px;height:34px;padding:0;border-radius:9px;border:1px solid var(--line);background:var(--glass);-webkit-backdrop-filter:blur(10px);backdrop-filter:blur(10px);cursor:pointer;transition:background .15s}
.pw-icon:hover{background:rgba(46,42,62,.8)}
.pw-icon svg,.pw-btn svg{width:16px;height:16px}
.pw-like{width:auto;min-width:34px;padding:0 10px;display:inline-flex;gap:6px;font-size:13px;font-weight:650;font-variant-numeric:tabular-nums}
.pw-like[aria-pressed=true]{color:#f9a8d4;border-color:rgba(249,168,212,.5)}
.pw-like[aria-pressed=true] svg{fill:currentColor}
.pw-like[aria-busy=true]{opacity:.7}
.pw-sound{flex:none;display:inline-flex;align-items:center;gap:8px}
.pw-sound [aria-pressed=true]{color:#c4b5fd;border-color:rgba(196,181,253,.5)}
.pw-sound [aria-pressed=false] .pw-sound-on,.pw-sound [aria-pressed=true] .pw-sound-off{display:none}
.pw-volume{width:84px;accent-color:#a78bfa}
@media (max-width:420px){.pw-volume{width:64px}.pw-top{gap:7px}}
.pw-bottom{position:absolute;left:0;right:0;bottom:0;padding:0 var(--pad) var(--pad);display:flex;flex-direction:column;gap:clamp(10px,2.2vmin,18px)}
.pw.is-ending .pw-bottom,.pw.is-ending .pw-caption{visibility:hidden}
.pw-panel{max-width:68ch;transition:opacity .2s ease,transform .2s ease}
.pw-panel.out{opacity:0;transform:translateY(4px)}
.pw-panel p{margin:0}
.pw-kicker{margin-bottom:5px!important;font-size:clamp(10px,1.2vmin + 6px,12.5px);font-weight:650;letter-spacing:.14em;text-transform:uppercase;color:#c4b5fd;text-shadow:0 1px 8px rgba(0,0,0,.6)}
.pw-base{font-size:clamp(14px,2.1vmin + 7px,22px);line-height:1.45;font-weight:500;text-wrap:pretty;text-shadow:0 1px 14px rgba(0,0,0,.6)}
.pw-ambient{margin-top:6px!important;font-size:clamp(12px,1.4vmin + 7px,15.5px);color:var(--fg2);font-style:italic;text-shadow:0 1px 10px rgba(0,0,0,.6)}
.pw-actions ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:8px}
.pw-act,.pw-btn{display:inline-flex;align-items:center;gap:9px;min-height:38px;padding:6px 14px 6px 7px;border-radius:11px;border:1px solid var(--line);background:var(--glass);-webkit-backdrop-filter:blur(12px);backdrop-filter:blur(12px);font-size:clamp(13px,1.2vmin + 8px,15px);font-weight:550;line-height:1.2;text-align:left;cursor:pointer;box-shadow:0 6px 20px rgba(0,0,0,.25);transition:background .15s,border-color .15s,transform .15s}
.pw-act:hover,.pw-btn:hover{background:rgba(52,46,74,.82);border-color:rgba(196,181,253,.5)}
.pw-act:active,.pw-btn:active{transform:translateY(1px)}
.pw-override{border-style:dashed;background:rgba(16,14,24,.42)}
.pw-spark{width:13px;height:13px;flex:none;color:#fcd34d;margin-right:-3px}
.pw-act:not(:has(kbd)){padding-left:12px}
kbd{display:inline-grid;place-items:center;min-width:24px;height:24px;padding:1px 6px 0;border-radius:7px;background:rgba(255,255,255,.13);border:1px solid rgba(255,255,255,.22);border-bottom-width:2px;font:650 11.5px/1 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:var(--fg)}
.pw-caption{position:absolute;left:50%;top:calc(var(--pad)*.75 + 46px);z-index:2;width:max-content;max-width:min(600px,calc(100% - 2*var(--pad)));margin:0;padding:11px 18px;border-radius:14px;background:rgba(14,12,22,.76);border:1px solid var(--line);-webkit-backdrop-filter:blur(14px);backdrop-filter:blur(14px);box-shadow:0 12px 40px rgba(0,0,0,.4);font-size:clamp(13px,1.2vmin + 8px,15px);line-height:1.45;text-align:center;opacity:0;transform:translate(-50%,-6px);transition:opacity .3s ease,transform .3s ease;pointer-events:none}
.pw-caption.on{opacity:1;transform:translate(-50%,0)}
.pw-caption strong{display:block;font-weight:600}
.pw-base::first-letter,.pw-ambient::first-letter,.pw-caption strong::first-letter,.pw-caption span::first-letter,.pw-card p::first-letter{text-transform:uppercase}
.pw-caption span{display:block;color:var(--fg2)}
.pw-ending{position:absolute;inset:0;z-index:3;display:grid;place-items:center;padding:var(--pad);overflow:auto;background:radial-gradient(ellipse at center,rgba(8,6,14,.5),rgba(8,6,14,.86));-webkit-backdrop-filter:blur(4px);backdrop-filter:blur(4px);animation:pw-in .6s ease both}
.pw-ending:focus{outline:none}
.pw-card{width:min(540px,100%);padding:clamp(18px,4.5vmin,40px);border-radius:20px;text-align:center;background:rgba(20,17,31,.74);border:1px solid var(--line);box-shadow:0 30px 90px rgba(0,0,0,.55),inset 0 1px 0 rgba(255,255,255,.06)}
.pw-card>:last-child{margin-bottom:0!important}
.pw-card h2{color:var(--fg);margin:0 0 10px;font:600 clamp(22px,4.6vmin,38px)/1.15 ui-serif,"Iowan Old Style","Palatino Linotype",Palatino,Georgia,serif;letter-spacing:-.01em;text-wrap:balance}
.pw-card p{margin:0 0 clamp(14px,3vmin,24px);color:var(--fg2);font-size:clamp(13px,1.3vmin + 8px,16px);text-wrap:pretty}
.pw-outcome{display:inline-block;margin-bottom:clamp(10px,2vmin,16px)!important;padding:3px 11px;border-radius:999px;font-size:11px!important;font-weight:650;letter-spacing:.12em;text-transform:uppercase;border:1px solid}
.pw-good{color:#86efac!important;background:rgba(34,197,94,.14);border-color:rgba(134,239,172,.4)}
.pw-bad{color:#fca5a5!important;background:rgba(239,68,68,.14);border-color:rgba(252,165,165,.4)}
.pw-neutral{color:#cbd5e1!important;background:rgba(148,163,184,.14);border-color:rgba(203,213,225,.35)}
.pw-card .pw-btn{padding:7px 8px 7px 14px;background:linear-gradient(180deg,#8b5cf6,#6d28d9);border-color:rgba(196,181,253,.55)}
.pw-card .pw-btn:hover{background:linear-gradient(180deg,#9b72f8,#7c3aed)}
.pw-card .pw-btn kbd{background:rgba(255,255,255,.2)}
.pw-ending-actions{display:flex;flex-wrap:wrap;justify-content:center;gap:10px}
.pw-card .pw-btn.pw-quiet{background:var(--glass);border-color:var(--line)}
.pw-card .pw-btn.pw-quiet:hover{background:rgba(52,46,74,.82)}
.pw-card .pw-btn[aria-busy=true]{opacity:.7;cursor:progress}
.pw-next-note{font-size:13px!important;color:#fcd9a0!important}
.pw-status{position:absolute;inset:0;display:grid;place-items:center;padding:var(--pad);text-align:center;color:var(--fg2);font-size:14px}
.pw:not(.is-loading) .pw-status:not(.is-error){display:none}
.pw-status.is-error{z-index:4;background:rgba(8,6,14,.7)}
.pw-status.is-error h2{font-size:clamp(20px,3.6vmin,30px)}
.pw-loading{display:flex;align-items:center;gap:10px}
.pw-loading::before{content:"";width:16px;height:16px;border-radius:50%;border:2px solid rgba(255,255,255,.25);border-top-color:#c4b5fd;animation:pw-spin .8s linear infinite}
@keyframes pw-spin{to{transform:rotate(360deg)}}
@keyframes pw-in{from{opacity:0}}
@media (max-height:260px){.pw-ambient,.pw-kicker{display:none}}
@media (prefers-reduced-motion:reduce){*,*::before,*::after{transition-duration:0s!important;animation-duration:0s!important;animation-iteration-count:1!important}.pw-layer{transform:none}}
`;

/** The stylesheet, whitespace-trimmed. */
export const PLAYER_CSS = CSS.replace(/\n/g, "").trim();

// The character page (/embed/c/{id}): the player's stylesheet (stage, placeholder, badge, status
// card) plus a conversation column beside the picture (below it in a narrow or tall frame). The
// picture side stays dark like the player; the conversation follows prefers-color-scheme.
const CHARACTER = String.raw`
.pc{display:grid;grid-template-columns:minmax(0,1fr) minmax(300px,min(46%,480px));--panel:#12101b;--ink:#f6f5fa;--ink2:rgba(246,245,250,.8);--ink3:rgba(246,245,250,.56);--edge:rgba(255,255,255,.1);--edge2:rgba(255,255,255,.2);--bubble:rgba(255,255,255,.065);--field:rgba(255,255,255,.05);--hover:rgba(255,255,255,.09);--chip:rgba(167,139,250,.16);--chipfg:#c4b5fd;--err:#fecaca;--errbg:rgba(239,68,68,.14);--errline:rgba(248,113,113,.45)}
.pc-scene{position:relative;min-width:0;min-height:0;overflow:hidden;isolation:isolate}
.pc-shade{position:absolute;inset:0;z-index:-1;pointer-events:none;background:linear-gradient(180deg,rgba(7,6,11,0) 52%,rgba(7,6,11,.55) 78%,rgba(7,6,11,.88) 100%)}
.pc-stance{position:absolute;left:0;right:0;bottom:0;padding:var(--pad);max-width:60ch;transition:opacity .25s ease,transform .25s ease}
.pc-stance.out{opacity:0;transform:translateY(4px)}
.pc-stance p{margin:0}
.pc-expr{font-size:clamp(14px,1.4vmin + 9px,19px);line-height:1.4;font-style:italic;color:var(--fg2);text-wrap:pretty;text-shadow:0 1px 12px rgba(0,0,0,.7)}
.pc-expr::first-letter{text-transform:uppercase}
.pc-chat{display:flex;flex-direction:column;min-width:0;min-height:0;background:var(--panel);color:var(--ink);border-left:1px solid var(--edge)}
.pc-top{display:flex;align-items:center;gap:10px;padding:14px 16px;border-bottom:1px solid var(--edge)}
.pc-top .pw-title{text-shadow:none;font-size:15.5px}
.pc-log{flex:1;min-height:0;overflow-y:auto;overscroll-behavior:contain;list-style:none;margin:0;padding:16px;display:flex;flex-direction:column;gap:12px;scroll-behavior:smooth}
.pc-log:focus-visible{outline-offset:-3px}
.pc-line{max-width:88%;animation:pc-in .25s ease both}
.pc-character{align-self:flex-start}
.pc-user{align-self:flex-end}
.pc-who{display:flex;align-items:center;gap:7px;margin:0 0 4px 3px;font-size:12px;font-weight:600;color:var(--ink3)}
.pc-mood{padding:1px 7px;border-radius:999px;background:var(--chip);color:var(--chipfg);font-size:10.5px;font-weight:650;letter-spacing:.06em;text-transform:uppercase}
.pc-bubble{display:flex;align-items:flex-start;gap:4px;padding:9px 13px;border-radius:16px 16px 16px 5px;background:var(--bubble);border:1px solid var(--edge);font-size:14.5px;line-height:1.45}
.pc-user .pc-bubble{background:linear-gradient(180deg,#8b5cf6,#6d28d9);border-color:transparent;color:#fff;border-radius:16px 16px 5px 16px}
.pc-text{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
.pc-speak{flex:none;display:grid;place-items:center;width:28px;height:28px;margin:-4px -7px -4px 2px;padding:0;border:0;border-radius:8px;background:transparent;color:var(--ink3);cursor:pointer;transition:background .15s,color .15s}
.pc-speak:hover{background:var(--hover);color:var(--ink)}
.pc-speak svg{width:16px;height:16px}
.pc-speak[aria-busy=true] svg{animation:pc-blink 1s ease-in-out infinite}
.pc-speak.is-playing{color:var(--chipfg);background:var(--chip)}
.pc-system{align-self:center;max-width:94%;display:flex;flex-wrap:wrap;justify-content:center;align-items:center;gap:6px;font-size:12.5px;font-style:italic;color:var(--ink2);text-align:center}
.pc-system svg{width:12px;height:12px;flex:none;color:#f59e0b}
.pc-shown{flex-basis:100%;display:block;max-width:100%;max-height:220px;margin-top:4px;border-radius:12px;object-fit:cover;border:1px solid var(--edge)}
.pc-typing .pc-bubble{gap:5px;padding:14px 15px}
.pc-typing i{width:6px;height:6px;border-radius:50%;background:var(--ink3);animation:pc-blink 1.2s ease-in-out infinite}
.pc-typing i:nth-child(2){animation-delay:.2s}
.pc-typing i:nth-child(3){animation-delay:.4s}
.pc-error{display:flex;align-items:center;gap:10px;margin:0 16px 4px;padding:9px 10px 9px 13px;border-radius:12px;background:var(--errbg);border:1px solid var(--errline);color:var(--err);font-size:13.5px;line-height:1.4}
.pc-error p{margin:0;flex:1}
.pc-retry{flex:none;padding:5px 11px;border-radius:9px;border:1px solid var(--errline);background:transparent;font-size:13px;font-weight:600;cursor:pointer}
.pc-retry:hover{background:var(--errbg)}
.pc-form{display:flex;gap:8px;padding:12px 16px 16px}
.pc-input{flex:1;min-width:0;height:44px;padding:0 14px;border-radius:12px;border:1px solid var(--edge2);background:var(--field);color:var(--ink);font:inherit;font-size:16px}
.pc-input::placeholder{color:var(--ink3)}
.pc-input:focus-visible{outline:2px solid #a78bfa;outline-offset:0;border-color:transparent}
.pc-input:disabled{opacity:.55}
.pc-send{flex:none;display:grid;place-items:center;width:44px;height:44px;padding:0;border-radius:12px;border:1px solid rgba(196,181,253,.55);background:linear-gradient(180deg,#8b5cf6,#6d28d9);color:#fff;cursor:pointer;transition:filter .15s,opacity .15s}
.pc-send:hover:not(:disabled){filter:brightness(1.12)}
.pc-send:disabled{opacity:.45;cursor:not-allowed}
.pc-send svg{width:18px;height:18px}
.pc-sr,.pc-user .pc-who{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.pc.is-loading .pw-status{background:rgba(8,6,14,.6)}
@keyframes pc-in{from{opacity:0;transform:translateY(6px)}}
@keyframes pc-blink{50%{opacity:.35}}
@media (max-width:640px),(max-aspect-ratio:4/5){.pc{grid-template-columns:minmax(0,1fr);grid-template-rows:minmax(120px,40%) minmax(0,1fr)}.pc-chat{border-left:0;border-top:1px solid var(--edge)}.pc-expr{font-size:14px}}
@media (prefers-color-scheme:light){:root{color-scheme:light}html,body{background:#f7f6fb}.pc{--panel:#fbfaff;--ink:#1b1728;--ink2:rgba(27,23,40,.78);--ink3:rgba(27,23,40,.56);--edge:rgba(27,23,40,.1);--edge2:rgba(27,23,40,.22);--bubble:#fff;--field:#fff;--hover:rgba(27,23,40,.06);--chip:rgba(124,58,237,.1);--chipfg:#6d28d9;--err:#991b1b;--errbg:rgba(239,68,68,.08);--errline:rgba(220,38,38,.35)}.pc-chat .pw-badge{color:#92400e;background:rgba(251,191,36,.2);border-color:rgba(217,119,6,.4)}.pc-top .pw-mark{box-shadow:none}}
@media (prefers-reduced-motion:reduce){.pc-log{scroll-behavior:auto}}
`;

/** The character page's stylesheet: the player's, then the conversation's. */
export const CHARACTER_CSS = PLAYER_CSS + CHARACTER.replace(/\n/g, "").trim();
