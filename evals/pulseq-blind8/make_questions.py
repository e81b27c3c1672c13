import json, os, re
D='/work/shared/data'
M='pulseq/matlab/demoSeq/'; P='pypulseq/examples/scripts/'
A='pulseq/matlab/+mr/'; PA='pypulseq/src/pypulseq/'
SPEC=['pulseq/doc/specification.pdf','pulseq-website/specification.pdf']
callers=json.load(open('/tmp/blind8_callers.json'))
Q=[]
def ex(q,rel,cls,style,fn=None,lang=None):
    Q.append(dict(_cls=cls,_style=style,_fn=fn,_lang=lang,query=q,expected_source='examples',relevant=rel,answerable=True,kind='example',check='code'))
def fx(q,fn,lang,style):
    key=f'{lang} {fn}'; rel=callers[key]
    ex(q,rel,'matlab' if lang=='matlab' else 'python',style,fn,lang)
# --- 8 function-usage example questions, draw order
fx('is there a demo that uses mr.calcRfBandwidth?','mr.calcRfBandwidth','matlab','b')
fx('show me how seq.registerGradEvent is used in a real sequence','seq.registerGradEvent','matlab','c')
fx('mr.makeArbitraryRf in an example script','mr.makeArbitraryRf','matlab','a')
fx('which demo sequence calls mr.convert?','mr.convert','matlab','b')
fx("I'd like to see mr.aux.findFlank used in an actual sequence, is there one?",'mr.aux.findFlank','matlab','c')
fx('seq.autoLabel usage in the demos','seq.autoLabel','matlab','a')
fx('is there a pypulseq example that calls seq.get_definition?','seq.get_definition','python','b')
fx('I need an example of pp.make_trigger in a complete sequence','pp.make_trigger','python','c')
# --- 6 sequence-kind example questions, draw order
ex('I need an EPI where TE and TR can still be changed on the scanner after export, can you give me the code?',[M+'writeEpiRS_label_softdelay.m'],'none','c')
ex('HASTE in matlab',[M+'writeHASTE.m'],'none','a')
ex('is there a plain Cartesian RF-spoiled 2D gradient echo for pypulseq, without labels?',[P+'write_gre.py'],'none','b')
ex("I want a multi-slice 2D MPRAGE-type T1-weighted sequence, can you show me the code?",[P+'write_2Dt1_mprage.py'],'none','c')
ex('is there a diffusion EPI that sets the prospective motion correction flag?',[M+'writeEpiDiffusionRS_PMC.m'],'none','b')
ex('diffusion-weighted EPI, Stejskal-Tanner',[M+'writeEpiDiffusionRS.m',M+'writeEpiDiffusionRS_PMC.m'],'none','a')
# --- 6 docs questions
def sp(q,pages,cls,style):
    Q.append(dict(_cls=cls,_style=style,query=q,expected_source='docs',relevant=SPEC,answerable=True,kind='spec',check='text',pages=pages))
sp('when MATLAB\'s seq.write puts an arbitrary gradient into the [GRADIENTS] section, what does each column mean?',[13,14],'matlab','b')
sp("I store my own parameters with seq.setDefinition, how do they end up in the .seq file, what's the format of a definition line?",[8,9],'matlab','c')
sp('RF pulse use field values in the seq format',[11,12],'none','a')
sp('what does a time shape ID of -1 mean for a gradient in a seq file?',[14],'none','b')
sp("I'm adding RF shimming to my sequence and need to know how the shim settings are written in the file",[20,21],'none','c')
sp('required extensions: what must an interpreter do with ones it does not know',[16],'none','a')
# --- 20 api questions
def api(q,lang,entry,check,rel):
    Q.append(dict(_cls=lang,query=q,expected_source='api_reference',relevant=rel,answerable=True,kind='api',lang=lang,entry=entry,check=check))
S=A+'@Sequence/Sequence.m'
api('what are the arguments of mr.makeSoftDelay?','matlab','makeSoftDelay','params',[A+'makeSoftDelay.m'])
api('mr.aux.containers_map_lookup_ex inputs','matlab','containers_map_lookup_ex','params',[A+'+aux/containers_map_lookup_ex.m'])
api('what do I pass to mr.aux.quat.multiply?','matlab','multiply','params',[A+'+aux/+quat/multiply.m'])
api('which options does seq.evalLabels accept','matlab','evalLabels','params',[S])
api('mr.simRf parameters','matlab','simRf','params',[A+'simRf.m'])
api('mr.makeAdiabaticPulse options?','matlab','makeAdiabaticPulse','params',[A+'makeAdiabaticPulse.m'])
api("what are the inputs of mr.EventLibrary's find_mat?",'matlab','find_mat','params',[A+'@EventLibrary/find_mat.m'])
api("I'm calling mr.makeDigitalOutputPulse, what parameters does it take?",'matlab','makeDigitalOutputPulse','params',[A+'makeDigitalOutputPulse.m'])
api('mr.splitGradientAt arguments','matlab','splitGradientAt','params',[A+'splitGradientAt.m'])
api('pp.make_arbitrary_grad parameters','python','make_arbitrary_grad','params',[PA+'make_arbitrary_grad.py'])
api('what arguments does paper_plot take in pypulseq?','python','paper_plot','params',[PA+'utils/paper_plot.py',PA+'Sequence/sequence.py'])
api('what do I pass to pp.split_gradient?','python','split_gradient','params',[PA+'split_gradient.py'])
api("pypulseq's cumsum() helper, what arguments?",'python','cumsum','params',[PA+'utils/cumsum.py'])
api('add_ramps inputs in pypulseq','python','add_ramps','params',[PA+'add_ramps.py'])
api('what does seq.registerRfEvent return?','matlab','registerRfEvent','returns',[S])
api('mr.aux.quat.normalize output','matlab','normalize','returns',[A+'+aux/+quat/normalize.m'])
api('what do I get back from mr.makeDelay','matlab','makeDelay','returns',[A+'makeDelay.m'])
api('what does seq.adc_times return in pypulseq?','python','adc_times','returns',[PA+'Sequence/sequence.py'])
api('seq.register_rf_event return values?','python','register_rf_event','returns',[PA+'Sequence/sequence.py',PA+'Sequence/block.py'])
api('what do I get from seq.find_block_by_time','python','find_block_by_time','returns',[PA+'Sequence/sequence.py'])

# ---------------- checks
assert len(Q)==40
MAT=re.compile(r'\b(mr(\.\w+)+|seq\.[a-z]+[A-Z]\w*)')
PY=re.compile(r'\b(pp\.\w+|seq\.[a-z]+_\w+|[a-z]+_[a-z_]+|\w+\(\))')
cnt={'matlab':0,'python':0,'none':0}
for q in Q:
    t=q['query']; c=q['_cls']; cnt[c]+=1
    m=bool(MAT.search(t)) or bool(re.search(r'\bseq\.\w+',t) and 'matlab' in t.lower()); p=bool(PY.search(t))
    if c=='matlab': assert m,t
    elif c=='python': assert p and not m,t
    else: assert not m and not p and not re.search(r'\w\.\w',t),t
print('named counts',cnt); assert cnt=={'matlab':20,'python':10,'none':10}
from collections import Counter
print(Counter((q['kind'],q.get('check')) for q in Q))
print(Counter((q['kind'],q.get('lang'),q['check']) for q in Q if q['kind']=='api'))
# paths exist
for q in Q:
    for r in q['relevant']: assert os.path.exists(os.path.join(D,r)),r
# stems
stems=[os.path.basename(l.strip())[:-3 if l.strip().endswith('.py') else -2] for l in open('/tmp/blind8_all.txt')]
assert len(stems)==59
for q in Q:
    for s in stems: assert s.lower() not in q['query'].lower(),(s,q['query'])
# entry defined in first relevant file
for q in Q:
    if q['kind']!='api': continue
    src=open(os.path.join(D,q['relevant'][0]),encoding='utf-8',errors='replace').read()
    rx=(r'^[ \t]*function\s+(?:(?:\[[^\]]*\]|\w+)\s*=\s*)?'+q['entry']+r'\s*\(') if q['lang']=='matlab' else (r'^[ \t]*def\s+'+q['entry']+r'\s*\(')
    assert re.search(rx,src,re.M),q['entry']
# labelled example scripts really call the named function (raw text check in addition to the draw's parser)
for q in Q:
    if q.get('_fn'):
        fn=q['_fn']; short=fn.split('.',1)[1] if fn.startswith('seq.') else fn
        for r in q['relevant']:
            src=open(os.path.join(D,r),encoding='utf-8',errors='replace').read()
            lines=[l for l in src.split('\n') if (fn if not fn.startswith('seq.') else '.'+short) in l and not l.strip().startswith(('%','#'))]
            assert lines,(fn,r)
            assert (r.endswith('.m'))==(q['_lang']=='matlab')
        print(f"  {fn}: {len(q['relevant'])} scripts OK")
# example scripts under example dirs only; drawn file first for sequence-kind
for q in Q:
    if q['kind']=='example':
        for r in q['relevant']: assert r.startswith((M,P))
drawn=['writeEpiRS_label_softdelay.m','writeHASTE.m','write_gre.py','write_2Dt1_mprage.py','writeEpiDiffusionRS_PMC.m','writeEpiDiffusionRS.m']
ks=[q for q in Q if q['kind']=='example' and not q.get('_fn')]
assert [os.path.basename(q['relevant'][0]) for q in ks]==drawn
with open('/work/wt-blind8/evals/pulseq-blind8/questions.jsonl','w') as f:
    for q in Q:
        f.write(json.dumps({k:v for k,v in q.items() if not k.startswith('_')})+'\n')
print('styles',Counter((q['kind'],q.get('_style')) for q in Q if q.get('_style')))
for i,q in enumerate(Q,1): print(i,q['_cls'],q.get('_style',''),'|',q['query'],'|',', '.join(q['relevant']),q.get('pages',''))
