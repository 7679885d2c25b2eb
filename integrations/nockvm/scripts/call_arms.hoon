++  gate
  |=  [id=@ud door=*]
  ^-  *
  ?+  id  !!
{cases}  ==
++  call
  |=  [id=@ud door=* args=*]
  ^-  (each * ~)
  =/  r
    %-  mule  |.
    =/  g  ;;([* * *] (gate id door))
    .*([-.g args +>.g] [9 2 0 1])
  ?-  -.r
    %&  [%& p.r]
    %|  [%| ~]
  ==
