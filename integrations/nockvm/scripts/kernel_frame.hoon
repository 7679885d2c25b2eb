{imports}
=>
|%
+$  state  ~
++  moat  (keep state)
{arms}--
%-  (moat |)
^-  fort:moat
|_  s=state
++  load  |=(old=state old)
++  peek
  |=  arg=path
  ^-  (unit (unit *))
{peek}++  poke  |=(=ovum:moat [~ s])
--
