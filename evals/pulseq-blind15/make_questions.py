# blind15: writes questions.jsonl and runs all mechanical checks. blind14's make_questions.py (blind13's example and
# spec parts, blind12's api part) with this set's questions and these changes, marked 'blind15': paths /tmp/blind15_*,
# seed 151 for the kind-of-sequence walk, this set's draws in the order asserts, this set's spec pages and key phrases,
# and the api "every defining file" check restricted to the package named in the query (mr.aux.quat.rotate is not
# +mr/rotate.m, which defines a different function of the same name). Reads /tmp/blind15_all.txt and
# /tmp/blind15_callers.json (written by the listing command in README.md / draw_example_funcs.py). Needs
# pdftotext/pdfinfo (poppler-utils) for the page checks. Run from anywhere (paths are absolute).
import json, os, re, sys, subprocess, random
from collections import Counter
D='/work/shared/data'
OUT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'questions.jsonl')
M='pulseq/matlab/demoSeq/'; P='pypulseq/examples/scripts/'
A='pulseq/matlab/+mr/'; PA='pypulseq/src/pypulseq/'
SPEC=['pulseq/doc/specification.pdf','pulseq-website/specification.pdf']
callers=json.load(open('/tmp/blind15_callers.json'))
Q=[]
def ex(q,rel,cls,style,fn=None,lang=None):
    Q.append(dict(_cls=cls,_style=style,_fn=fn,_lang=lang,query=q,expected_source='examples',relevant=rel,answerable=True,kind='example',check='code'))
def fx(q,fn,lang,style):
    rel=callers[f'{lang} {fn}']
    ex(q,rel,lang,style,fn,lang)
# --- 10 named-function example requests, draw order (6 MATLAB, then 4 Python)
fx('which demo script marks its repeating sequence segments with TRID labels through seq.addTRID?','seq.addTRID','matlab','b')
fx("I have a spiral excitation trajectory that does not start and end at zero gradient; show me the demo that pads it with ramps using mr.addRamps",'mr.addRamps','matlab','c')
fx('demo sequences with rectangular hard pulses made by mr.makeBlockPulse','mr.makeBlockPulse','matlab','a')
fx('which demos build their gradient waveforms sample by sample with mr.makeArbitraryGrad?','mr.makeArbitraryGrad','matlab','b')
fx("I want the scanner's image reconstruction to work without setting counters by hand; show me the demo scripts that call seq.autoLabel",'seq.autoLabel','matlab','c')
fx('seq.registerGradEvent in the demo sequences, registering gradient events before the main loop','seq.registerGradEvent','matlab','a')
fx('is there a pypulseq example that merges two gradients into one waveform with pp.add_gradients?','pp.add_gradients','python','b')
fx('pypulseq example sending a trigger out to an oscilloscope with pp.make_digital_output_pulse','pp.make_digital_output_pulse','python','a')
fx("I need a non-selective rectangular pulse in pypulseq; show me every example script that calls pp.make_block_pulse",'pp.make_block_pulse','python','c')
fx('does any pypulseq example use pp.make_gauss_pulse, say for fat suppression?','pp.make_gauss_pulse','python','b')
# --- 10 kind-of-sequence example requests, walk order; none names a language, a file or an identifier
ex('is there a spin-echo EPI for three 3 mm slices at TE 40 ms, 64 by 64 over a 250 mm field of view, with a fat-sat pulse, crushers around the refocusing pulse, 6/8 partial Fourier, ramp sampling with the phase blips overlapping the readout, and a trigger output pulse at every slice excitation?',
   [P+'write_epi_se_rs.py',M+'writeEpiSpinEchoRS.m'],'none','b')
ex("I want a 2D spoiled gradient echo whose echo time can be changed on the scanner while TR stays put: one adjustable wait before the readout that grows with TE, a second one after it that shrinks by the same amount, and an adjustable TR delay; 7 degree flip, TR 20 ms, echo time up to 8 ms, with line and slice counters. Can you show me the code?",
   [P+'write_gre_label_softdelay.py'],'none','c')
ex('teaching gradient echo built up stage by stage with a single switch: unspoiled to begin with, then spoilers, phase rewinding, quasi-random RF phase, receiver phase following the transmitter and finally dummy scans; 30 degrees, TE 8 ms, TR 16 ms',
   [M+'writeGRE_live_demo.m'],'none','a')
ex('do you have a 2D radial FLASH that runs at the shortest TE and TR the hardware allows, with a 5 degree flip, 256 spokes over half a circle, 10 dummy spokes, RF spoiling and a readout plateau stretched for extra spoiling?',
   [M+'writeFastRadialGradientEcho_rot3D.m',M+'writeFastRadialGradientEcho.m',M+'writeFastRadialGradientEcho_rotExt.m'],'none','b')
ex('where can I find projection-reconstruction imaging of one slice: a spoiled gradient echo whose readout direction turns in equal steps through 180 degrees, echo at 8 ms, one spoke every 20 ms, 10 degree flip, with 20 spokes played without acquisition first?',
   [M+'writeRadialGradientEcho.m',P+'write_radial_gre.py',M+'writeRadialGradientEcho_rotExt.m'],'none','b')
ex('is there an ECG-triggered segmented cardiac cine gradient echo with 8 heart phases acquired over 15 heartbeats, 5 degree flip and TR 9 ms, that also sends an external trigger pulse with every excitation?',
   [M+'writeCineGradientEcho.m'],'none','b')
ex("I need diffusion-weighted single-shot spin-echo EPI at b 1000 s/mm2 with the diffusion lobes on the slice axis, 2 mm isotropic resolution over three slices, TE 80 ms, ramp-sampled readout and fat saturation, without motion-correction flags. Can you give me the code?",
   [M+'writeEpiDiffusionRS.m'],'none','c')
ex('ultrashort echo time radial sequence reaching echo times below 100 microseconds: half-pulse excitation resampled onto the slice gradient ramp, sampling from the start of the readout ramp, 480 centre-out spokes around the full circle, dummy shots flagged to run only once',
   [M+'writeUTE_rs.m'],'none','a')
ex('multi-shot 2D turbo spin echo on ordinary Cartesian k-space (no rotating blades): 16 echoes per train with 12 ms echo spacing, 180 degree refocusing, TR 2 s, one 5 mm slice, the first echo train played as a dummy',
   [M+'writeTSE.m',P+'write_tse.py'],'none','a')
ex("For a parallel-imaging test I want a multi-slice 2D spoiled gradient echo that skips every other phase-encoding line but fully samples 32 central calibration lines, records a noise scan first and flags the reference lines for the scanner's reconstruction; three slices, TR 30 ms, 10 degrees. Can you give me the code?",
   [M+'writeGradientEcho_grappa.m'],'none','c')
# --- 8 spec questions (6 MATLAB-named, 2 Python-named)
def sp(q,pages,cls,style):
    Q.append(dict(_cls=cls,_style=style,query=q,expected_source='docs',relevant=SPEC,answerable=True,kind='spec',check='text',pages=pages))
sp("I'm exporting a minimal FID with MATLAB's seq.write and want to compare my file with the FID example in the specification's introduction: which sections does that example file contain, in what order, and which raster times and name does its [DEFINITIONS] section set?",[4,5],'matlab','c')
sp('when I add my own entries with seq.setDefinition, how must a [DEFINITIONS] line be formatted: what separates the key from the value, what happens to extra whitespace around the value, and may the key contain spaces?',[8],'matlab','b')
sp("I'm passing two extension events, a label and a trigger, to one seq.addBlock call; how does the file let a single block reference several extensions, and which four numbers make up an [EXTENSIONS] line?",[16],'matlab','c')
sp("mr.makeTrigger cardiac trigger in the TRIGGERS extension: how the specification's example tells a cardiac input trigger from a digital output signal, and whether this extension belongs to the core format",[17],'matlab','a')
sp("RF_SHIMS lines written for mr.makeRfShim: which field comes first after the ID, and how the magnitude and phase of each transmit channel follow, as in the specification's example",[20,21],'matlab','a')
sp('if I give mr.makeAdc a per-sample phase modulation, how does the [ADC] line point to it, what does a zero there mean, and what are the receiver offsets with the ppm suffix meant for?',[15,16],'matlab','b')
sp("I'm writing a reader that should accept the same files as pypulseq's seq.read(); how are comment lines marked, and in what numeric precision does the format define integers, IDs and shape samples?",[6],'python','c')
sp('pypulseq pp.make_label counters versus flags: which labels count and which are flags, what value they start at, and whether a counter may go negative before the next readout',[18],'python','a')
# --- 12 api questions (9 params: 6 MATLAB, 3 Python; 3 returns: 2 MATLAB, 1 Python), draw order of draw_api.py
def api(q,lang,entry,check,rel,style):
    Q.append(dict(_cls=lang,_style=style,query=q,expected_source='api_reference',relevant=rel,answerable=True,kind='api',lang=lang,entry=entry,check=check))
S=A+'@Sequence/Sequence.m'
api('what inputs does mr.splitGradient take?','matlab','splitGradient','params',[A+'splitGradient.m'],'b')
api("I'm designing a slice-selective SLR excitation with mr.makeSLRpulse; which parameters can I set?",'matlab','makeSLRpulse','params',[A+'makeSLRpulse.m'],'c')
api('mr.calcRfBandwidth inputs','matlab','calcRfBandwidth','params',[A+'calcRfBandwidth.m'],'a')
api('I want to check peripheral nerve stimulation for my sequence with seq.calcPNS; what arguments does it take?','matlab','calcPNS','params',[A+'@Sequence/calcPNS.m'],'c')
api('which arguments does mr.aux.quat.rotate expect?','matlab','rotate','params',[A+'+aux/+quat/rotate.m'],'b')
api('mr.aux.containers_map_lookup_ik parameters','matlab','containers_map_lookup_ik','params',[A+'+aux/containers_map_lookup_ik.m'],'a')
api("I have gradient amplitudes at a few time points and want a sampled waveform from pypulseq's pp.points_to_waveform; what does it take?",'python','points_to_waveform','params',[PA+'points_to_waveform.py'],'c')
api('which parameters does pp.scale_grad accept in pypulseq?','python','scale_grad','params',[PA+'scale_grad.py'],'b')
api('in pypulseq, what arguments does seq.calculate_kspacePP take?','python','calculate_kspacePP','params',[PA+'Sequence/sequence.py'],'b')
api('mr.aux.quat.conjugate return value','matlab','conjugate','returns',[A+'+aux/+quat/conjugate.m'],'a')
api('what does mr.aux.strstrip return?','matlab','strstrip','returns',[A+'+aux/strstrip.m'],'b')
api("I'm registering a gradient myself with pypulseq's seq.register_grad_event(); what does it give back?",'python','register_grad_event','returns',[PA+'Sequence/block.py',PA+'Sequence/sequence.py'],'c')

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
grp=Counter((q['kind'],q['check'],q['_cls']) for q in Q); print(sorted(grp.items()))
assert grp[('api','params','matlab')]==6 and grp[('api','params','python')]==3
assert grp[('api','returns','matlab')]==2 and grp[('api','returns','python')]==1
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='params')==9
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='returns')==3
assert grp[('example','code','matlab')]==6 and grp[('example','code','python')]==4 and grp[('example','code','none')]==10
assert sum(1 for q in Q if q['kind']=='example')==20
assert sum(1 for q in Q if q['kind']=='example' and q.get('_fn'))==10
assert sum(1 for q in Q if q['kind']=='example' and not q.get('_fn'))==10
assert all(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']!='none')
assert not any(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']=='none')
assert grp[('spec','text','matlab')]==6 and grp[('spec','text','python')]==2 and grp[('spec','text','none')]==0
assert sum(1 for q in Q if q['kind']=='spec')==8
# every question: the fields of its kind (as blind10/blind12)
for q in Q:
    assert q['answerable'] is True
    assert q['expected_source']=={'example':'examples','api':'api_reference','spec':'docs'}[q['kind']]
    assert q['check']=={'example':'code','spec':'text'}.get(q['kind'],q['check']) and q['check'] in ('code','text','params','returns')
    assert ('pages' in q)==(q['kind']=='spec') and (('entry' in q)==('lang' in q)==(q['kind']=='api'))
    if q['kind']=='spec': assert q['relevant']==SPEC
# Python-named queries say pypulseq; no-identifier queries name no language; MATLAB-named queries carry their prefix
for q in Q:
    if q['_cls']=='python': assert 'pypulseq' in q['query'],q['query']
    if q['_cls']=='none': assert not re.search(r'matlab|python|pypulseq',q['query'],re.I),q['query']
    if q['_cls']=='matlab': assert re.search(r'\b(mr|seq)\.',q['query']),q['query']
# paths exist
for q in Q:
    for r in q['relevant']: assert os.path.exists(os.path.join(D,r)),r
# names and stems of all 59 example scripts: no query contains one
allf=[l.strip() for l in open('/tmp/blind15_all.txt') if l.strip()]
assert len(allf)==59
stems=[os.path.splitext(os.path.basename(l))[0] for l in allf]
for q in Q:
    for s in stems: assert s.lower() not in q['query'].lower(),(s,q['query'])
# api: entry defined in the first relevant file, and relevant = every file of its language's API tree defining it
for q in Q:
    if q['kind']!='api': continue
    src=open(os.path.join(D,q['relevant'][0]),encoding='utf-8',errors='replace').read()
    rx=(r'^[ \t]*function\s+(?:(?:\[[^\]]*\]|\w+)\s*=\s*)?'+q['entry']+r'\s*\(') if q['lang']=='matlab' else (r'^[ \t]*def\s+'+q['entry']+r'\s*\(')
    assert re.search(rx,src,re.M),q['entry']
    tree=os.path.join(D,'pulseq/matlab/+mr' if q['lang']=='matlab' else 'pypulseq/src/pypulseq')
    defs=[]
    for dp,dn,fn in os.walk(tree):
        for f in fn:
            if f.endswith('.m' if q['lang']=='matlab' else '.py'):
                p=os.path.join(dp,f)
                if re.search(rx,open(p,encoding='utf-8',errors='replace').read(),re.M): defs.append(os.path.relpath(p,D))
    # blind15: only files in the package the query names (mr.aux.quat.<name> -> +mr/+aux/+quat/, mr.<name> -> +mr/,
    # seq.<name> -> +mr/@Sequence/); Python unchanged (every defining file)
    if q['lang']=='matlab':
        pref=re.search(r'\b((?:mr|seq)(?:\.\w+)*)\.'+q['entry']+r'\b',q['query']).group(1)
        pdir='pulseq/matlab/+mr/@Sequence' if pref=='seq' else 'pulseq/matlab/'+'/'.join('+'+x for x in pref.split('.'))
        other=[d for d in defs if os.path.dirname(d)!=pdir]
        if other: print('  api',pref+'.'+q['entry'],'also defined (other package, not labelled):',other)
        defs=[d for d in defs if os.path.dirname(d)==pdir]
    assert sorted(defs)==sorted(q['relevant']),(q['entry'],defs)
    assert q['entry'] in q['query']
# api entries are draw_api.py's picks, in draw order
assert [q['entry'] for q in Q if q['kind']=='api']==['splitGradient','makeSLRpulse','calcRfBandwidth','calcPNS','rotate',
  'containers_map_lookup_ik','points_to_waveform','scale_grad','calculate_kspacePP','conjugate','strstrip','register_grad_event']
# labelled example scripts really call the named function: raw text, a non-comment line with the (qualified) name
# followed by "(" or end of word (not a longer name, not an assignment), in addition to the draw's parser
for q in Q:
    if q.get('_fn'):
        fn=q['_fn']; pat=(r'\bseq\w*\.'+re.escape(fn[4:]) if fn.startswith('seq.') else r'\b'+re.escape(fn))+r'\b(?!\s*=[^=])'
        for r in q['relevant']:
            src=open(os.path.join(D,r),encoding='utf-8',errors='replace').read()
            lines=[l for l in src.split('\n') if re.search(pat,l.split('%')[0] if r.endswith('.m') else l.split('#')[0])]
            assert lines,(fn,r)
            assert r.endswith('.m')==(q['_lang']=='matlab')
        # and every script of that language that calls it is labelled (callers list = relevant)
        assert q['relevant']==callers[f"{q['_lang']} {fn}"] and q['relevant']
        assert fn in q['query']
        print(f"  {fn}: {len(q['relevant'])} scripts OK")
# the drawn functions are those printed by draw_example_funcs.py (in draw order), none of them an api entry of this set
exfns=[q['_fn'] for q in Q if q.get('_fn')]
assert exfns==['seq.addTRID','mr.addRamps','mr.makeBlockPulse','mr.makeArbitraryGrad','seq.autoLabel','seq.registerGradEvent',
  'pp.add_gradients','pp.make_digital_output_pulse','pp.make_block_pulse','pp.make_gauss_pulse']
assert not {f.split('.')[-1] for f in exfns}&{q['entry'] for q in Q if q['kind']=='api'}
# example relevants only under example dirs
for q in Q:
    if q['kind']=='example':
        for r in q['relevant']: assert r.startswith((M,P)) and r in allf,r
# kind-of-sequence walk re-run: shuffle with seed 151 (blind15); skip scripts that are not a sequence and scripts already
# labelled under a kind kept earlier; the first 10 kept are the drawn files, each the first entry of its label list
ks=[q for q in Q if q['kind']=='example' and not q.get('_fn')]
NOT_SEQ={P+'demo_read.py',P+'pns_test.py',P+'soft_delay_simple_example.py'}
f=list(allf); random.seed(151); random.shuffle(f)
kept=[]; labelled=set(); skipped=[]
for x in f:
    if len(kept)==10: break
    if x in NOT_SEQ: skipped.append((x,'not a sequence')); continue
    if x in labelled: skipped.append((x,'already labelled')); continue
    i=len(kept); kept.append(x); labelled|=set(ks[i]['relevant'])
print('walk kept',len(kept),'skipped',skipped)
assert [q['relevant'][0] for q in ks]==kept
# no script labelled for two kinds (the kinds are distinct)
lab=[r for q in ks for r in q['relevant']]; assert len(lab)==len(set(lab))
# functions named by the spec questions are not among the drawn example functions nor this set's api entries
specfns=[fn for q in Q if q['kind']=='spec' for fn in re.findall(r'\b(?:mr|pp|seq)(?:\.\w+)+',q['query'])]
print('spec functions',specfns)
assert len(specfns)==8 and not set(specfns)&set(exfns)
assert not {f.split('.')[-1] for f in specfns}&{q['entry'] for q in Q if q['kind']=='api'}
# spec pages exist in both PDF copies and every key phrase of the answer is on the labelled pages of BOTH copies
def npages(f): return int(re.search(r'^Pages:\s+(\d+)',subprocess.run(['pdfinfo',os.path.join(D,f)],capture_output=True,text=True).stdout,re.M).group(1))
def ptext(f,p): return subprocess.run(['pdftotext','-layout','-f',str(p),'-l',str(p),os.path.join(D,f),'-'],capture_output=True,text=True).stdout
def norm(t): return re.sub(r'\s+',' ',t).replace('[ ','[').replace(' ]',']')
n1,n2=npages(SPEC[0]),npages(SPEC[1]); print('pdf pages',n1,n2)
same=[p for p in range(1,min(n1,n2)+1) if ptext(SPEC[0],p)==ptext(SPEC[1],p)]
print('identical pages',same)
KEY={4:['Below is a simple FID experiment with RF pulse, delay and ADC readout','# Pulseq sequence file # Created by MATLAB mr toolbox'],
     5:['[VERSION] major 1 minor 5','[DEFINITIONS] AdcRasterTime 1e -07','Name fid','[BLOCKS] 1 42 1 0 0 0 0 0','[RF] 1 833 .333',
        '[ADC] 1 1024 100000 20','[SHAPES] shape_id 1 num_samples 300','[SIGNATURE]'],
     6:['Comments are specified by a line starting with a hash','integer types are stored as 64-bit unsigned integers',
        '64-bit IEEE 754 floating','Exceptions are <id> values, which are 32-bit integers','Shapes are stored as 32-bit single-precision floats'],
     8:['The <value> field is separated by a single space or tab character from <key>',
        'Any (additional) white space at the beginning and at the end of <value> is ignored',
        'The <key> field cannot contain any white space caracters'],
     15:['Shape ID of the phase modula','0 for no modulation','<phase_shape_id>'],
     16:['The frequency and phase offset are used, for example, for RF spoiling or in-plane shifting of the FOV',
         'suffix are usable for fat navigators','specified by four numbers','ID of the extension object','ID of the next entry in the list',
         'Extensions form zero-terminated single-linked list','can reference a chain of extensions, which allows one to add more than one'],
     17:['extension TRIGGERS 1','is not a part of the core Pulseq format','one cardiac trigger (id=1 type=2 channel=1)',
         'one digital output signal (id=2 type=1 channel=3)'],
     18:['LIN, PAR, ACQ, SLC, SEG, REP, AVG, SET, ECO, PHS that can take any integer values',
         'NAV, REV, SMS, OFF, NOISE, REF, IMA, PMC, NOPOS, NOROT, NOSLC that can be 0 or 1',
         'all counters and flags are automatically initialized to zero','can be negative or exceed matrix dimensions temporarily'],
     20:['start with explicitly specifying for how many RF transmit channels'],
     21:['# id num_chan magn_c1 phase_c1 magn_c2 phase_c2','extension RF_SHIMS','a phase shift of 90° is applied to the second channel',
         'the amplitude of channel 1 is scaled down by a factor of 0.7']}
for q in Q:
    if q['kind']=='spec':
        assert q['pages'] and all(1<=p<=min(n1,n2) and p in KEY for p in q['pages']),q['pages']
for p,ks_ in KEY.items():
    for f_ in SPEC:
        t=norm(ptext(f_,p))
        for k in ks_: assert k in t,(f_,p,k)
assert {p for q in Q if q['kind']=='spec' for p in q['pages']}==set(KEY)
print('spec pages',sorted(p for q in Q if q['kind']=='spec' for p in q['pages']),
      '; not identical in the two copies (key phrases checked in both):',sorted({p for q in Q if q['kind']=='spec' for p in q['pages']}-set(same)))
with open(OUT,'w') as fo:
    for q in Q:
        fo.write(json.dumps({k:v for k,v in q.items() if not k.startswith('_')},ensure_ascii=False)+'\n')
print('styles',sorted(Counter((q['kind'],q['_style']) for q in Q).items()))
print('styles, example named / kind',sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and q.get('_fn')).items()),
      sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and not q.get('_fn')).items()))
for i,q in enumerate(Q,1): print(i,q['_cls'],q['_style'],'|',q['query'],'|',', '.join(q['relevant']),q.get('pages',''))
