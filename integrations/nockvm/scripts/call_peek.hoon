  =/  req  ;;((list [@ud * *]) (cue (snag 1 arg)))
  ``(turn req call)
